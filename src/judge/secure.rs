//! What a contestant or another user can name, link or pre-create, read
//! once through one descriptor opened without following a link, the check
//! made on what was opened (`fstat`), never on the path beforehand; and
//! the judge's own folders, created private and refused when another user
//! owns them or can write them (as ssh refuses such a key file).

use std::fs::File;
use std::io::{self, Read};
#[cfg(unix)]
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Component, Path, PathBuf};

/// The largest source file judged: twice AtCoder's 512 KiB, sixteen
/// times Codeforces' 64 KB (the trace takes as much).
pub const SOURCE_CAP: u64 = 1 << 20;

/// Why a file was not read.
#[derive(Debug)]
pub enum Refused {
    /// A symbolic link where none is followed (a header, a part of its path).
    Link,
    /// A symbolic link another user owns (their uid).
    OthersLink(u32),
    /// A header with more names than one (its link count): a hard link,
    /// which could be another file's contents under a header's name.
    HardLink(u64),
    /// Not a regular file: what it is.
    NotFile(&'static str),
    /// Larger than the cap.
    TooBig {
        /// Its size.
        size: u64,
        /// The cap.
        cap: u64,
    },
    /// Could not be opened or read.
    Io(io::Error),
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refused::Link => f.write_str("a symbolic link, which the judge does not follow here"),
            Refused::OthersLink(uid) => write!(
                f,
                "a symbolic link owned by another user (uid {uid}): the judge follows only its own user's links; name the file it points to"
            ),
            Refused::HardLink(n) => write!(
                f,
                "a hard link ({n} names for one file), which the judge does not take as a header: make it a copy"
            ),
            Refused::NotFile(what) => write!(f, "not a regular file ({what})"),
            Refused::TooBig { size, cap } => write!(
                f,
                "{size} bytes, over the {} KiB a source or header may hold",
                cap >> 10
            ),
            Refused::Io(e) => write!(f, "{e}"),
        }
    }
}

impl From<io::Error> for Refused {
    fn from(e: io::Error) -> Refused {
        // O_NOFOLLOW's answer on a link.
        if e.raw_os_error() == Some(libc_eloop()) {
            Refused::Link
        } else {
            Refused::Io(e)
        }
    }
}

#[cfg(unix)]
fn libc_eloop() -> i32 {
    libc::ELOOP
}

#[cfg(not(unix))]
fn libc_eloop() -> i32 {
    -1
}

/// The effective user.
#[cfg(unix)]
pub fn euid() -> u32 {
    // SAFETY: geteuid has no preconditions and cannot fail.
    unsafe { libc::geteuid() }
}

/// Opens `name` for reading, relative to `dir` (else as it is), without
/// following a link at its last part and without waiting on a FIFO.
#[cfg(unix)]
fn open_at(dir: Option<&File>, name: &Path, directory: bool) -> io::Result<File> {
    use std::os::unix::ffi::OsStrExt;
    use std::os::unix::io::{AsRawFd, FromRawFd};
    let c = std::ffi::CString::new(name.as_os_str().as_bytes())
        .map_err(|_| io::Error::from(io::ErrorKind::InvalidInput))?;
    let mut flags = libc::O_RDONLY | libc::O_NOFOLLOW | libc::O_CLOEXEC | libc::O_NONBLOCK;
    if directory {
        flags |= libc::O_DIRECTORY;
    }
    let at = dir.map_or(libc::AT_FDCWD, |d| d.as_raw_fd());
    // SAFETY: `c` is a valid C string; openat returns a new descriptor or -1.
    let fd = unsafe { libc::openat(at, c.as_ptr(), flags) };
    if fd < 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: fd is a fresh descriptor of ours.
    Ok(unsafe { File::from_raw_fd(fd) })
}

/// What `meta` is, where it is not a regular file.
fn kind(meta: &std::fs::Metadata) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let t = meta.file_type();
        if t.is_fifo() {
            return "a FIFO";
        }
        if t.is_socket() {
            return "a socket";
        }
        if t.is_block_device() || t.is_char_device() {
            return "a device";
        }
    }
    if meta.is_dir() {
        "a folder"
    } else {
        "not a file"
    }
}

/// The bytes of an opened file: a regular one (by `fstat`) of at most `cap`
/// bytes, read to its end and no further.
fn read_opened(file: File, cap: u64) -> Result<Vec<u8>, Refused> {
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(Refused::NotFile(kind(&meta)));
    }
    if meta.len() > cap {
        return Err(Refused::TooBig {
            size: meta.len(),
            cap,
        });
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    // A file that grows while read stops at the cap.
    file.take(cap + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > cap {
        return Err(Refused::TooBig {
            size: bytes.len() as u64,
            cap,
        });
    }
    Ok(bytes)
}

/// A file the user named (their source, a template): a regular file of at
/// most `cap` bytes. A link there is followed only when the judge's own
/// user owns it: a root judge does not read a root-only file through a
/// link another user left.
pub fn read_named(path: &Path, cap: u64) -> Result<Vec<u8>, Refused> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match open_at(None, path, false) {
            Ok(file) => return read_opened(file, cap),
            Err(e) if e.raw_os_error() != Some(libc::ELOOP) => return Err(e.into()),
            Err(_) => {}
        }
        let link = std::fs::symlink_metadata(path)?;
        if link.uid() != euid() {
            return Err(Refused::OthersLink(link.uid()));
        }
        let file = File::options()
            .read(true)
            .custom_flags(libc::O_NONBLOCK)
            .open(path)
            .map_err(|e| match e.kind() {
                io::ErrorKind::NotFound => Refused::NotFile("a symbolic link to nothing"),
                _ => e.into(),
            })?;
        read_opened(file, cap)
    }
    #[cfg(not(unix))]
    {
        read_opened(File::open(path)?, cap)
    }
}

/// The file `rel` below the folder `home`, a link at no part of `rel`
/// followed (each part opened from the last one's descriptor): a regular
/// file of one name (no hard link) of at most `cap` bytes. `rel` holds
/// names only (no `..`).
#[cfg(unix)]
pub fn read_beneath(home: &Path, rel: &Path, cap: u64) -> Result<Vec<u8>, Refused> {
    let home = if home.as_os_str().is_empty() {
        Path::new(".")
    } else {
        home
    };
    let parts: Vec<&std::ffi::OsStr> = rel
        .components()
        .map(|c| match c {
            Component::Normal(name) => Ok(name),
            _ => Err(Refused::Io(io::Error::from(io::ErrorKind::InvalidInput))),
        })
        .collect::<Result<_, _>>()?;
    let Some((last, folders)) = parts.split_last() else {
        return Err(Refused::Io(io::Error::from(io::ErrorKind::InvalidInput)));
    };
    // The user named the file, so the folder it is in is taken as it is.
    let mut dir = File::open(home)?;
    let mut walked = home.to_path_buf();
    for folder in folders {
        walked.push(folder);
        // O_DIRECTORY's answer on a link is ENOTDIR: said as a link.
        dir = open_at(Some(&dir), Path::new(folder), true).map_err(|e| {
            if is_link(&walked) {
                Refused::Link
            } else {
                e.into()
            }
        })?;
    }
    let file = open_at(Some(&dir), Path::new(last), false)?;
    let names = std::os::unix::fs::MetadataExt::nlink(&file.metadata()?);
    if names > 1 {
        return Err(Refused::HardLink(names));
    }
    read_opened(file, cap)
}

/// [`read_beneath`] where no descriptor opens a folder (Windows): each part
/// of `rel` looked at unfollowed, then the file opened and checked.
#[cfg(not(unix))]
pub fn read_beneath(home: &Path, rel: &Path, cap: u64) -> Result<Vec<u8>, Refused> {
    let mut walked = home.to_path_buf();
    for part in rel.components() {
        let Component::Normal(name) = part else {
            return Err(Refused::Io(io::Error::from(io::ErrorKind::InvalidInput)));
        };
        walked.push(name);
        if is_link(&walked) {
            return Err(Refused::Link);
        }
    }
    read_opened(File::open(&walked)?, cap)
}

/// Whether `path` is a symbolic link (not followed).
pub fn is_link(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink())
}

/// Makes the folder `path` (and what is missing above it) private to this
/// user (`0711`: no one else may list it or write in it; passing through
/// stays open, since a root judge's build runs as a user id of its own and
/// reaches its build folder through this one where a toolchain's folder
/// bound into the build holds the cache), then checks it and the folders above it: `path` a folder (not a
/// link) this user owns that no one else may write, each folder above it
/// owned by this user or root and writable by no one else unless sticky
/// (`/tmp`). The error says what is wrong and how to mend it.
#[cfg(unix)]
pub fn private_dir(path: &Path) -> Result<PathBuf, String> {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let how = "; the judge keeps its builds only in a folder of its own user that no one else can write (set SUDOKU_CACHE_DIR to one, or remove this one)";
    // `dir/` and `dir/.` name what `dir` does, and are looked at as `dir`
    // (a trailing slash would follow a link there).
    let named: PathBuf = path.components().collect();
    let path = named.as_path();
    let walked = || {
        walk_checked(path)
            .map_err(|why| format!("the build cache {} is {why}{how}", path.display()))
    };
    // Every folder the path passes through, its links followed hop by hop:
    // the folder it reaches (no link, no `..` on the way) is the one made,
    // a part at a time by descriptor (a link put on the way meanwhile is
    // met, not followed), checked, and used from then on.
    let real = walked()?;
    if let Err(e) = make_dirs(&real) {
        if e.kind() == io::ErrorKind::Other {
            return Err(format!("the build cache {} is {e}{how}", path.display()));
        }
        let blocker = real
            .ancestors()
            .find(|a| std::fs::symlink_metadata(a).is_ok_and(|m| !m.is_dir()));
        return Err(match blocker {
            Some(file) if file == real => {
                let meta = std::fs::symlink_metadata(file).map_err(|e| e.to_string())?;
                format!(
                    "the build cache {} is {}, not a folder; the judge keeps its builds only in a folder of its own user that no one else can write (set SUDOKU_CACHE_DIR to one)",
                    path.display(),
                    if meta.is_file() { "a file" } else { kind(&meta) }
                )
            }
            Some(file) => format!(
                "the build cache {} cannot be made: {} is not a folder (set SUDOKU_CACHE_DIR to a folder of your own)",
                path.display(),
                file.display()
            ),
            None => format!(
                "the build cache {} cannot be made: {e} (set SUDOKU_CACHE_DIR to a folder of your own)",
                path.display()
            ),
        });
    }
    if walked()? != real {
        return Err(format!(
            "the build cache {} led elsewhere while it was made{how}",
            path.display()
        ));
    }
    let me = euid();
    let meta = std::fs::symlink_metadata(&real).map_err(|e| format!("{}: {e}", path.display()))?;
    if meta.uid() != me {
        return Err(format!(
            "the build cache {} belongs to another user (uid {}){how}",
            path.display(),
            meta.uid()
        ));
    }
    if meta.mode() & 0o022 != 0 {
        return Err(format!(
            "the build cache {} can be written by others (mode {:o}){how}",
            path.display(),
            meta.mode() & 0o7777
        ));
    }
    if meta.mode() & 0o044 != 0 {
        // Its own, and readable by others (made by hand, or by an older
        // judge): the copies of sources inside are not theirs to list.
        std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o711))
            .map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(real)
}

/// Makes the folder `path` (a path with no link and no `..` on it) and
/// what is missing above it, private (`0711`), a part at a time by
/// descriptor, no link followed: a part that is a link, or became one, is
/// an error, never a way elsewhere.
#[cfg(unix)]
fn make_dirs(path: &Path) -> io::Result<()> {
    use std::os::unix::ffi::OsStrExt;
    use std::os::unix::fs::MetadataExt;
    use std::os::unix::io::AsRawFd;
    // Each folder as opened (not as named, which could have changed since
    // the walk): the judge's user's or root's, and writable by no one else
    // unless sticky, so no one else can swap what lies below it.
    let me = euid();
    let safe = |dir: &File, at: &Path| -> io::Result<()> {
        let m = dir.metadata()?;
        let sticky = m.mode() & 0o1000 != 0;
        if m.uid() != me && m.uid() != 0 {
            return Err(io::Error::other(format!(
                "inside {}, which belongs to another user (uid {})",
                at.display(),
                m.uid()
            )));
        }
        if m.mode() & 0o022 != 0 && !sticky {
            return Err(io::Error::other(format!(
                "inside {}, which others can write (mode {:o})",
                at.display(),
                m.mode() & 0o7777
            )));
        }
        Ok(())
    };
    let mut dir = File::open("/")?;
    let mut at = PathBuf::from("/");
    for part in path.components() {
        let Component::Normal(part) = part else {
            continue;
        };
        safe(&dir, &at)?;
        at.push(part);
        dir = match open_at(Some(&dir), Path::new(part), true) {
            Ok(next) => next,
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                let name = std::ffi::CString::new(part.as_bytes())
                    .map_err(|_| io::Error::from(io::ErrorKind::InvalidInput))?;
                // SAFETY: a valid descriptor and C string.
                if unsafe { libc::mkdirat(dir.as_raw_fd(), name.as_ptr(), 0o711) } != 0 {
                    let e = io::Error::last_os_error();
                    if e.kind() != io::ErrorKind::AlreadyExists {
                        return Err(e);
                    }
                }
                open_at(Some(&dir), Path::new(part), true)?
            }
            Err(e) => return Err(e),
        };
    }
    Ok(())
}

/// `path` walked a part at a time, as the kernel would, links of this
/// user's or root's followed hop by hop: the folder each part is looked
/// up in must be this user's or root's and writable by no one else unless
/// sticky (`/tmp`), and a link on the way this user's or root's, since
/// anyone else could replace what the path leads to. The path reached
/// (no link on it), or why not.
#[cfg(unix)]
pub fn walk_checked(path: &Path) -> Result<PathBuf, String> {
    use std::os::unix::fs::MetadataExt;
    let me = euid();
    let full = std::path::absolute(path).map_err(|e| e.to_string())?;
    let mut todo: std::collections::VecDeque<std::ffi::OsString> = full
        .components()
        .map(|c| c.as_os_str().to_os_string())
        .collect();
    let mut at = PathBuf::from("/");
    let mut hops = 0;
    while let Some(part) = todo.pop_front() {
        match part.to_str() {
            Some("/") => at = PathBuf::from("/"),
            Some(".") => {}
            _ => {
                // The folder the part is looked up in (`..` included):
                // whoever may replace its entries chooses where it leads.
                if let Ok(m) = std::fs::symlink_metadata(&at) {
                    let sticky = m.mode() & 0o1000 != 0;
                    if m.uid() != me && m.uid() != 0 {
                        return Err(format!(
                            "inside {}, which belongs to another user (uid {})",
                            at.display(),
                            m.uid()
                        ));
                    }
                    if m.mode() & 0o022 != 0 && !sticky {
                        return Err(format!(
                            "inside {}, which others can write (mode {:o})",
                            at.display(),
                            m.mode() & 0o7777
                        ));
                    }
                }
                if part == ".." {
                    at.pop();
                    continue;
                }
                let next = at.join(&part);
                match std::fs::symlink_metadata(&next) {
                    Ok(m) if m.file_type().is_symlink() => {
                        if m.uid() != me && m.uid() != 0 {
                            return Err(format!(
                                "reached through {}, a symbolic link of another user (uid {})",
                                next.display(),
                                m.uid()
                            ));
                        }
                        hops += 1;
                        let target = std::fs::read_link(&next).map_err(|e| e.to_string())?;
                        if hops > 40 {
                            return Err(format!(
                                "reached through more than 40 links ({})",
                                next.display()
                            ));
                        }
                        for piece in target.components().rev() {
                            todo.push_front(piece.as_os_str().to_os_string());
                        }
                    }
                    _ => at = next,
                }
            }
        }
    }
    Ok(at)
}

/// Makes the file `path`, new (never one that is there), and the folders
/// missing above it: the path is resolved through this user's and root's
/// links ([`resolve_own`]), then walked a part at a time by descriptor,
/// no link followed, so a link put on the way since (another user's
/// folder swapped for one) is refused, not written through.
#[cfg(unix)]
pub fn create_new_file(path: &Path) -> io::Result<File> {
    use std::os::unix::ffi::OsStrExt;
    use std::os::unix::io::{AsRawFd, FromRawFd};
    let full = std::path::absolute(path)?;
    let (Some(parent), Some(name)) = (full.parent(), full.file_name()) else {
        return Err(io::Error::from(io::ErrorKind::InvalidInput));
    };
    let parent = resolve_own(parent).map_err(|(link, uid)| {
        io::Error::new(
            io::ErrorKind::PermissionDenied,
            format!(
                "{} is a symbolic link of another user (uid {uid})",
                link.display()
            ),
        )
    })?;
    let c = |part: &std::ffi::OsStr| {
        std::ffi::CString::new(part.as_bytes())
            .map_err(|_| io::Error::from(io::ErrorKind::InvalidInput))
    };
    let mut dir = File::open("/")?;
    let mut walked = PathBuf::from("/");
    for part in parent.components() {
        let Component::Normal(part) = part else {
            continue;
        };
        walked.push(part);
        dir = match open_at(Some(&dir), Path::new(part), true) {
            Ok(next) => next,
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                let name = c(part)?;
                // SAFETY: a valid descriptor and C string.
                if unsafe { libc::mkdirat(dir.as_raw_fd(), name.as_ptr(), 0o777) } != 0 {
                    let e = io::Error::last_os_error();
                    if e.kind() != io::ErrorKind::AlreadyExists {
                        return Err(e);
                    }
                }
                open_at(Some(&dir), Path::new(part), true)?
            }
            // What was a folder at the check is a link now: someone swapped it.
            Err(_) if is_link(&walked) => {
                return Err(io::Error::new(
                    io::ErrorKind::PermissionDenied,
                    format!(
                        "{} became a link while the file was made; nothing was written",
                        walked.display()
                    ),
                ));
            }
            Err(e) => return Err(e),
        };
    }
    let name = c(name)?;
    let flags = libc::O_WRONLY | libc::O_CREAT | libc::O_EXCL | libc::O_NOFOLLOW | libc::O_CLOEXEC;
    // SAFETY: a valid descriptor and C string; a new descriptor or -1.
    let fd = unsafe { libc::openat(dir.as_raw_fd(), name.as_ptr(), flags, 0o666) };
    if fd < 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: fd is a fresh descriptor of ours.
    Ok(unsafe { File::from_raw_fd(fd) })
}

/// The first symbolic link on the way to `path` (a folder above it; the
/// caller looks at `path` itself) that a user other than this one and
/// root owns, with its owner: following it would write where they choose.
/// Links of this user's or root's are followed hop by hop, so one of
/// theirs that leads through another's is caught too.
#[cfg(unix)]
pub fn others_link_on(path: &Path) -> Option<(PathBuf, u32)> {
    let parent = std::path::absolute(path).ok()?.parent()?.to_path_buf();
    resolve_own(&parent).err()
}

/// `path` with every symbolic link on it resolved, hop by hop, where each
/// is this user's or root's (what does not exist yet is kept as named): a
/// path with no link on it. Another user's link is the error, with its
/// owner; past 40 links the path is taken as it stands.
#[cfg(unix)]
pub fn resolve_own(path: &Path) -> Result<PathBuf, (PathBuf, u32)> {
    use std::os::unix::fs::MetadataExt;
    let me = euid();
    let mut todo: std::collections::VecDeque<std::ffi::OsString> =
        std::collections::VecDeque::new();
    let push_front = |todo: &mut std::collections::VecDeque<std::ffi::OsString>, p: &Path| {
        for part in p.components().rev() {
            todo.push_front(part.as_os_str().to_os_string());
        }
    };
    let Ok(full) = std::path::absolute(path) else {
        return Ok(path.to_path_buf());
    };
    push_front(&mut todo, &full);
    let mut at = PathBuf::from("/");
    let mut hops = 0;
    while let Some(part) = todo.pop_front() {
        match part.to_str() {
            Some("/") => at = PathBuf::from("/"),
            Some(".") => {}
            Some("..") => {
                at.pop();
            }
            _ => {
                let next = at.join(&part);
                match std::fs::symlink_metadata(&next) {
                    Ok(m) if m.file_type().is_symlink() => {
                        if m.uid() != me && m.uid() != 0 {
                            return Err((next, m.uid()));
                        }
                        hops += 1;
                        let Ok(target) = std::fs::read_link(&next) else {
                            return Ok(full);
                        };
                        if hops > 40 {
                            return Ok(full);
                        }
                        push_front(&mut todo, &target);
                    }
                    _ => at = next,
                }
            }
        }
    }
    Ok(at)
}

#[cfg(not(unix))]
pub fn private_dir(path: &Path) -> Result<PathBuf, String> {
    std::fs::create_dir_all(path).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(path.to_path_buf())
}

/// Opens (creating) the file `path` for writing without following a link.
pub fn open_no_follow_rw(path: &Path) -> io::Result<File> {
    let mut options = File::options();
    options.create(true).truncate(false).write(true);
    #[cfg(unix)]
    options.custom_flags(libc::O_NOFOLLOW | libc::O_CLOEXEC);
    options.open(path)
}

/// A folder's path with `.` and `..` resolved, or `None` if it leaves it.
pub fn below(path: &Path) -> Option<PathBuf> {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            Component::Normal(name) => out.push(name),
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    return None;
                }
            }
            _ => return None,
        }
    }
    (!out.as_os_str().is_empty()).then_some(out)
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn links_fifos_and_big_files_are_refused_by_what_was_opened() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        std::fs::create_dir(d.join("lib")).unwrap();
        std::fs::write(d.join("lib/a.h"), "int a;").unwrap();
        std::fs::write(d.join("big.h"), vec![b' '; 100]).unwrap();
        std::os::unix::fs::symlink("lib/a.h", d.join("l.h")).unwrap();
        std::os::unix::fs::symlink("lib", d.join("ln")).unwrap();
        let fifo = std::ffi::CString::new(d.join("f.h").to_str().unwrap()).unwrap();
        // SAFETY: a valid path.
        assert_eq!(unsafe { libc::mkfifo(fifo.as_ptr(), 0o600) }, 0);
        assert_eq!(
            read_beneath(d, Path::new("lib/a.h"), 10).unwrap(),
            b"int a;"
        );
        assert!(matches!(
            read_beneath(d, Path::new("l.h"), 10),
            Err(Refused::Link)
        ));
        assert!(matches!(
            read_beneath(d, Path::new("ln/a.h"), 10),
            Err(Refused::Link)
        ));
        assert!(matches!(
            read_beneath(d, Path::new("f.h"), 10),
            Err(Refused::NotFile("a FIFO"))
        ));
        assert!(matches!(
            read_beneath(d, Path::new("big.h"), 10),
            Err(Refused::TooBig { size: 100, cap: 10 })
        ));
        // The user's own link to their own file is followed.
        assert_eq!(read_named(&d.join("l.h"), 10).unwrap(), b"int a;");
        assert!(matches!(
            read_named(&d.join("f.h"), 10),
            Err(Refused::NotFile(_))
        ));
    }

    #[test]
    fn a_folder_others_can_write_or_own_is_refused() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let mine = dir.path().join("a/b");
        private_dir(&mine).unwrap();
        let mode = std::fs::metadata(&mine).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o711);
        std::fs::set_permissions(&mine, std::fs::Permissions::from_mode(0o777)).unwrap();
        assert!(private_dir(&mine)
            .unwrap_err()
            .contains("can be written by others"));
        std::fs::set_permissions(&mine, std::fs::Permissions::from_mode(0o700)).unwrap();
        std::fs::set_permissions(dir.path().join("a"), std::fs::Permissions::from_mode(0o777))
            .unwrap();
        assert!(private_dir(&mine).unwrap_err().contains("others can write"));
    }
}
