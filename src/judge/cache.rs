//! The build cache: one folder per build, named by a hash of everything the
//! build depends on (the language, the compiler's path and version, the
//! flags, the file as wrapped, the local headers it includes).
//!
//! ```text
//! $XDG_CACHE_HOME/sudoku-workspace/   (else ~/.cache/…; SUDOKU_CACHE_DIR overrides)
//!   3f2a…c1/           an entry: what the build left (`main`, `classes/`, a script)
//!     manifest         written last: every file with its size and hash
//!   3f2a…c1.lock       held while the entry is checked or built
//!   .staging-3f2a…c1-XXXXXX/  a build in progress, renamed to the entry when done
//! ```
//!
//! The folder is made private (`0711`: no one else lists or writes it)
//! and refused when another user owns it or can write it, or a folder
//! above it is another user's or writable by others without the sticky
//! bit ([`secure::private_dir`]): nothing another user placed there (a
//! link at a staging name, a planted entry) is ever followed or used.
//!
//! Builds are atomic and private: one process builds an entry at a time
//! (the lock), in a fresh staging folder of a random name that the run's
//! janitor removes if the judge dies, and publishes it by `rename`. A
//! staging folder lives while its entry's lock is held: a `flock`, which
//! judges in other pid namespaces see too, where a pid would name some
//! other process or none; the clean-up removes one only once it can take
//! that lock itself. An entry whose files no longer match its manifest
//! (edited, truncated, half-deleted) is rebuilt.
//! Solutions run from a read-only view of the entry, so nothing they do
//! reaches it. Entries unused the longest are removed past [`MAX_ENTRIES`]
//! or [`MAX_BYTES`].

use super::secure;
use crate::sandbox::janitor;
use std::fmt::Write as _;
use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};

/// Most entries kept.
pub const MAX_ENTRIES: usize = 200;
/// Most bytes kept (entries' files).
pub const MAX_BYTES: u64 = 1 << 30;

/// FNV-1a, 64 bits: the same on every machine and release.
#[derive(Clone, Copy, Debug)]
pub struct Key(u64);

impl Default for Key {
    fn default() -> Key {
        Key(0xcbf2_9ce4_8422_2325)
    }
}

impl Key {
    /// Adds one part (parts never run together).
    pub fn add(&mut self, part: &[u8]) -> &mut Key {
        self.bytes(part).bytes(&(part.len() as u64).to_le_bytes())
    }

    fn bytes(&mut self, bytes: &[u8]) -> &mut Key {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
        self
    }

    /// The entry's folder name.
    pub fn name(&self) -> String {
        format!("{:016x}", self.0)
    }
}

/// A file's size and [`Key::add`]'s hash of its bytes, read a block at a
/// time: the judge's memory does not grow with a built binary's size.
fn hash_file(path: &Path) -> io::Result<(u64, u64)> {
    let mut options = File::options();
    options.read(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, libc::O_NOFOLLOW);
    let mut file = options.open(path)?;
    let mut key = Key::default();
    let mut block = vec![0u8; 64 << 10];
    let mut size = 0u64;
    loop {
        let n = match io::Read::read(&mut file, &mut block) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        key.bytes(&block[..n]);
        size += n as u64;
    }
    key.bytes(&size.to_le_bytes());
    Ok((size, key.0))
}

/// The cache root.
pub fn root() -> PathBuf {
    // Empty is unset, as for XDG_CACHE_HOME.
    if let Some(dir) = std::env::var_os("SUDOKU_CACHE_DIR").filter(|d| !d.is_empty()) {
        return PathBuf::from(dir);
    }
    let base = std::env::var_os("XDG_CACHE_HOME")
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))
        .or_else(local_app_data)
        .unwrap_or_else(|| {
            // No home: a folder named for this user under the temp dir,
            // which another user could have made first: `Cache::at`
            // refuses it then (another's, or writable by others).
            std::env::temp_dir().join(format!("sudoku-workspace-{}", user_id()))
        });
    base.join("sudoku-workspace")
}

/// Windows's per-user cache folder (`%LOCALAPPDATA%`).
#[cfg(windows)]
fn local_app_data() -> Option<PathBuf> {
    std::env::var_os("LOCALAPPDATA").map(PathBuf::from)
}

#[cfg(not(windows))]
fn local_app_data() -> Option<PathBuf> {
    None
}

/// This user, for a folder name.
#[cfg(unix)]
fn user_id() -> String {
    // SAFETY: getuid has no preconditions and cannot fail.
    unsafe { libc::getuid() }.to_string()
}

#[cfg(windows)]
fn user_id() -> String {
    std::env::var("USERNAME").unwrap_or_default()
}

/// An exclusive lock on a file (`flock` on Unix), released when dropped.
struct Lock {
    _held: File,
}

impl Lock {
    /// The lock of `path` (made if missing, never through a link), waited
    /// for or not. A lock file the clean-up removed while this waited is
    /// opened again, so two holders never hold two files of one name.
    fn take(path: &Path, wait: bool) -> io::Result<Option<Lock>> {
        loop {
            let Some(lock) = Lock::take_once(path, wait)? else {
                return Ok(None);
            };
            if lock.still_at(path) {
                return Ok(Some(lock));
            }
        }
    }

    /// Whether the locked file is still the one at `path`.
    fn still_at(&self, path: &Path) -> bool {
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            match (self._held.metadata(), std::fs::symlink_metadata(path)) {
                (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
                _ => false,
            }
        }
        #[cfg(not(unix))]
        {
            let _ = path;
            true
        }
    }

    fn take_once(path: &Path, wait: bool) -> io::Result<Option<Lock>> {
        let file = secure::open_no_follow_rw(path)?;
        loop {
            let taken = if wait {
                file.lock()
            } else {
                match file.try_lock() {
                    Ok(()) => Ok(()),
                    Err(std::fs::TryLockError::WouldBlock) => return Ok(None),
                    Err(std::fs::TryLockError::Error(e)) => Err(e),
                }
            };
            match taken {
                Ok(()) => return Ok(Some(Lock { _held: file })),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => return Ok(None),
                Err(e) => return Err(e),
            }
        }
    }
}

/// Every file under `dir`, relative, sorted.
fn files_under(dir: &Path) -> io::Result<Vec<PathBuf>> {
    let mut found = Vec::new();
    let mut todo = vec![PathBuf::new()];
    while let Some(rel) = todo.pop() {
        for entry in std::fs::read_dir(dir.join(&rel))? {
            let entry = entry?;
            let path = rel.join(entry.file_name());
            if entry.file_type()?.is_dir() {
                todo.push(path);
            } else {
                found.push(path);
            }
        }
    }
    found.sort();
    Ok(found)
}

/// The manifest of `dir`: every file but the manifest itself, with its size
/// and hash; a link (a build could leave one) by what it says, never
/// followed.
fn manifest_of(dir: &Path) -> io::Result<String> {
    let mut text = String::from("# sudoku-workspace build: file, size, hash\n");
    for rel in files_under(dir)? {
        if rel == Path::new("manifest") {
            continue;
        }
        let path = dir.join(&rel);
        if secure::is_link(&path) {
            let to = std::fs::read_link(&path)?;
            let mut key = Key::default();
            key.add(to.as_os_str().as_encoded_bytes());
            let _ = writeln!(text, "{}\tlink\t{:016x}", rel.display(), key.0);
            continue;
        }
        let (size, hash) = hash_file(&path)?;
        let _ = writeln!(text, "{}\t{size}\t{hash:016x}", rel.display());
    }
    Ok(text)
}

/// Does `dir` hold what its manifest says?
fn intact(dir: &Path) -> bool {
    std::fs::read_to_string(dir.join("manifest"))
        .is_ok_and(|listed| manifest_of(dir).is_ok_and(|now| now == listed))
}

/// The cache.
#[derive(Clone, Debug)]
pub struct Cache {
    root: PathBuf,
}

impl Cache {
    /// The cache at `root`, made private if missing; an `Err` (saying what
    /// to do) where another user owns it or can write it.
    pub fn at(root: PathBuf) -> Result<Cache, String> {
        // The folder the path reached, checked: used from here on.
        let root = secure::private_dir(&root)?;
        Ok(Cache { root })
    }

    /// Where the entry for `key` is.
    pub fn entry_path(&self, key: &Key) -> PathBuf {
        self.root.join(key.name())
    }

    /// The entry for `key`: as it is when intact, else built afresh by
    /// `build` into an empty staging folder (an `Err` from it is returned
    /// and nothing is kept). `Ok(false)` beside the path: it was cached.
    pub fn entry<E>(
        &self,
        key: &Key,
        build: impl FnOnce(&Path) -> Result<(), E>,
    ) -> Result<Result<(PathBuf, bool), E>, io::Error> {
        self.entry_if(key, |_| true, build)
    }

    /// [`Cache::entry`], where an intact entry is also rebuilt unless
    /// `current` holds of it (what it was built from outside the cache is
    /// unchanged).
    pub fn entry_if<E>(
        &self,
        key: &Key,
        current: impl FnOnce(&Path) -> bool,
        build: impl FnOnce(&Path) -> Result<(), E>,
    ) -> Result<Result<(PathBuf, bool), E>, io::Error> {
        let entry = self.entry_path(key);
        let _lock = Lock::take(&self.root.join(format!("{}.lock", key.name())), true)?;
        if intact(&entry) && current(&entry) {
            touch(&entry.join("manifest"));
            return Ok(Ok((entry, false)));
        }
        if entry.exists() {
            std::fs::remove_dir_all(&entry)?;
        }
        let staging = tempfile::Builder::new()
            .prefix(&format!(".staging-{}-", key.name()))
            .tempdir_in(&self.root)?
            .keep();
        janitor::track(&staging);
        let result = build(&staging);
        let published = match result {
            Ok(()) => {
                let manifest = manifest_of(&staging)?;
                // Written new: never through a link the build left there.
                let at = staging.join("manifest");
                let _ = std::fs::remove_file(&at);
                File::options()
                    .write(true)
                    .create_new(true)
                    .open(&at)
                    .and_then(|mut f| io::Write::write_all(&mut f, manifest.as_bytes()))
                    .and_then(|()| std::fs::rename(&staging, &entry))
            }
            Err(e) => {
                let _ = std::fs::remove_dir_all(&staging);
                janitor::untrack(&staging);
                return Ok(Err(e));
            }
        };
        if published.is_err() {
            let _ = std::fs::remove_dir_all(&staging);
        }
        janitor::untrack(&staging);
        published?;
        drop(_lock);
        self.collect();
        Ok(Ok((entry, true)))
    }

    /// Removes the entries unused the longest while there are more than
    /// [`MAX_ENTRIES`] or they hold more than [`MAX_BYTES`], and staging
    /// folders whose entry's lock no one holds (their judge is gone).
    /// Entries in use (locked) are skipped.
    pub fn collect(&self) {
        self.collect_past(MAX_ENTRIES, MAX_BYTES);
    }

    /// [`Cache::collect`] with the caps given.
    pub fn collect_past(&self, max_entries: usize, max_bytes: u64) {
        let Ok(dir) = std::fs::read_dir(&self.root) else {
            return;
        };
        let mut entries = Vec::new();
        for e in dir.flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            let path = e.path();
            if let Some(rest) = name.strip_prefix(".staging-") {
                let key = rest.split('-').next().unwrap_or("");
                let lock_path = self.root.join(format!("{key}.lock"));
                if key.len() == 16 {
                    if let Ok(Some(_held)) = Lock::take(&lock_path, false) {
                        let _ = std::fs::remove_dir_all(&path);
                    }
                }
                continue;
            }
            if name.len() != 16 || !name.bytes().all(|b| b.is_ascii_hexdigit()) {
                continue;
            }
            let used = std::fs::metadata(path.join("manifest"))
                .and_then(|m| m.modified())
                .unwrap_or(std::time::UNIX_EPOCH);
            let bytes = files_under(&path)
                .unwrap_or_default()
                .iter()
                .filter_map(|f| std::fs::metadata(path.join(f)).ok())
                .map(|m| m.len())
                .sum::<u64>();
            entries.push((used, bytes, name));
        }
        entries.sort();
        let mut count = entries.len();
        let mut total: u64 = entries.iter().map(|e| e.1).sum();
        for (_, bytes, name) in entries {
            if count <= max_entries && total <= max_bytes {
                break;
            }
            let lock_path = self.root.join(format!("{name}.lock"));
            let Ok(Some(_lock)) = Lock::take(&lock_path, false) else {
                continue;
            };
            if std::fs::remove_dir_all(self.root.join(&name)).is_ok() {
                let _ = std::fs::remove_file(&lock_path);
                count -= 1;
                total = total.saturating_sub(bytes);
            }
        }
    }
}

/// Marks an entry used now (its manifest's modification time).
fn touch(path: &Path) {
    let mut options = File::options();
    options.append(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, libc::O_NOFOLLOW);
    if let Ok(file) = options.open(path) {
        let _ = file.set_modified(std::time::SystemTime::now());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> Cache {
        let dir = std::env::temp_dir().join(format!("sudoku-cache-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        Cache::at(dir).unwrap()
    }

    #[test]
    fn a_file_hashed_a_block_at_a_time_hashes_as_its_bytes_do() {
        let dir = tempfile::tempdir().unwrap();
        for len in [0usize, 1, 65_535, 65_536, 200_001] {
            let bytes: Vec<u8> = (0..len).map(|i| (i * 7 % 251) as u8).collect();
            let path = dir.path().join(format!("f{len}"));
            std::fs::write(&path, &bytes).unwrap();
            let whole = Key::default().add(&bytes).0;
            assert_eq!(
                hash_file(&path).unwrap(),
                (len as u64, whole),
                "{len} bytes"
            );
        }
    }

    #[test]
    fn keys_change_with_any_part_and_parts_never_run_together() {
        let k = |parts: &[&[u8]]| {
            let mut k = Key::default();
            for p in parts {
                k.add(p);
            }
            k.name()
        };
        assert_ne!(k(&[b"ab", b"c"]), k(&[b"a", b"bc"]));
        assert_eq!(k(&[b"x"]), k(&[b"x"]));
    }

    #[test]
    fn a_broken_entry_is_rebuilt_and_a_failed_build_keeps_nothing() {
        let cache = scratch("broken");
        let mut key = Key::default();
        key.add(b"one");
        let build = |dir: &Path| std::fs::write(dir.join("main"), b"binary");
        let (path, fresh) = cache.entry(&key, build).unwrap().unwrap();
        assert!(fresh);
        let (_, fresh) = cache.entry(&key, build).unwrap().unwrap();
        assert!(!fresh, "an intact entry is reused");
        std::fs::write(path.join("main"), b"HACKED").unwrap();
        let (_, fresh) = cache.entry(&key, build).unwrap().unwrap();
        assert!(fresh, "an edited entry is rebuilt");
        assert_eq!(std::fs::read(path.join("main")).unwrap(), b"binary");
        std::fs::remove_file(path.join("main")).unwrap();
        assert!(cache.entry(&key, build).unwrap().unwrap().1);
        let mut other = Key::default();
        other.add(b"two");
        let failed: Result<Result<_, &str>, _> = cache.entry(&other, |_| Err("CE"));
        assert_eq!(failed.unwrap().unwrap_err(), "CE");
        assert!(!cache.entry_path(&other).exists());
        let leftovers: Vec<_> = std::fs::read_dir(&cache.root)
            .unwrap()
            .flatten()
            .filter(|e| e.file_name().to_string_lossy().starts_with(".staging"))
            .collect();
        assert!(leftovers.is_empty());
        std::fs::remove_dir_all(&cache.root).unwrap();
    }

    #[test]
    fn the_entries_unused_longest_go_first_and_dead_staging_folders_go() {
        let cache = scratch("collect");
        let mut paths = Vec::new();
        for n in 0..4u8 {
            let mut key = Key::default();
            key.add(&[n]);
            let (path, _) = cache
                .entry(&key, |dir| std::fs::write(dir.join("main"), [n; 100]))
                .unwrap()
                .unwrap();
            // Used at distinct times, the first one last.
            let when =
                std::time::SystemTime::now() - std::time::Duration::from_secs(100 - u64::from(n));
            File::options()
                .append(true)
                .open(path.join("manifest"))
                .unwrap()
                .set_modified(when)
                .unwrap();
            paths.push(path);
        }
        touch(&paths[0].join("manifest"));
        let dead = cache.root.join(".staging-0000000000000000-gone00");
        std::fs::create_dir_all(&dead).unwrap();
        // A build under way: its entry's lock is held (here, by this
        // process through another open file, as a judge in another pid
        // namespace would hold it).
        let live = cache.root.join(".staging-1111111111111111-live00");
        std::fs::create_dir_all(&live).unwrap();
        let held = Lock::take(&cache.root.join("1111111111111111.lock"), false)
            .unwrap()
            .expect("free");
        cache.collect_past(2, u64::MAX);
        let kept: Vec<bool> = paths.iter().map(|p| p.exists()).collect();
        assert_eq!(kept, [true, false, false, true]);
        assert!(!dead.exists());
        assert!(live.exists(), "a staging folder whose lock is held stays");
        drop(held);
        cache.collect_past(2, u64::MAX);
        assert!(!live.exists(), "and goes once no one holds it");
        std::fs::remove_dir_all(&cache.root).unwrap();
    }
}
