//! What macOS's and Windows's sandboxes share: there the judge starts the
//! program itself (no supervisor process, no view of its own), so a view's
//! paths are the host's, each case gets an empty working folder of its own,
//! and a case's input is an unnamed file copied for each run.

use super::{janitor, End, Input, Isolation, Run, View, STDERR_KEPT};
use std::ffi::{OsStr, OsString};
use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

/// How often a running program is measured.
pub const POLL: Duration = Duration::from_millis(1);

impl Input {
    /// The input holding `bytes`.
    pub fn new(bytes: &[u8]) -> io::Result<Input> {
        let mut file = tempfile::tempfile()?;
        file.write_all(bytes)?;
        Ok(Input {
            file,
            sealed: false,
        })
    }

    /// An input copied from `reader` (a pipe, a FIFO: read once) into an
    /// unnamed file, for the judge's own reading: an `--expect` of any size.
    pub fn from_reader(reader: &mut dyn Read) -> io::Result<Input> {
        let mut file = tempfile::tempfile()?;
        io::copy(reader, &mut file)?;
        Ok(Input {
            file,
            sealed: false,
        })
    }

    /// A descriptor of its own, at the start: a copy (an unnamed file has
    /// no name to open afresh, and a clone would share the offset).
    pub fn reopen(&self) -> io::Result<File> {
        self.open()
    }

    /// A copy of its own for one run, at the start: no run can change the
    /// judge's.
    pub fn open(&self) -> io::Result<File> {
        debug_assert!(!self.sealed);
        let mut copy = tempfile::tempfile()?;
        let mut from = self.file.try_clone()?;
        from.seek(SeekFrom::Start(0))?;
        io::copy(&mut from, &mut copy)?;
        copy.seek(SeekFrom::Start(0))?;
        Ok(copy)
    }
}

/// One run's command and the files it writes to.
pub struct Prepared {
    /// The program with its arguments, working folder, stdin, stdout and
    /// stderr set; the environment is the judge's, less what a judge hides.
    pub command: Command,
    /// Its stdin, the command's too (`None`: empty), for Windows's spawn
    /// of its own.
    #[cfg(windows)]
    pub stdin: Option<File>,
    /// Its stdout, an unnamed file.
    pub stdout: File,
    /// Its stderr, an unnamed file.
    pub stderr: File,
    /// The case's working folder (removed on drop), unless the view has one.
    pub scratch: Option<tempfile::TempDir>,
}

impl Drop for Prepared {
    fn drop(&mut self) {
        if let Some(dir) = self.scratch.take() {
            let path = dir.path().to_path_buf();
            let _ = dir.close();
            janitor::untrack(&path);
        }
    }
}

/// The command for `program args…` seen through `view`: the view's paths
/// turned into the host's, the working folder the view's `work` or an empty
/// folder of the case's own (its `.tmp` the program's temporary folder).
pub fn prepare(
    program: &OsStr,
    args: &[OsString],
    stdin: Option<&Input>,
    view: &View,
) -> io::Result<Prepared> {
    let stdin = stdin.map(Input::open).transpose()?;
    let stdout = tempfile::tempfile()?;
    let stderr = tempfile::tempfile()?;
    let (cwd, scratch) = match &view.work {
        Some(work) => (work.clone(), None),
        None => {
            let dir = tempfile::Builder::new().prefix("sudoku-case-").tempdir()?;
            janitor::track(dir.path());
            (dir.path().to_path_buf(), Some(dir))
        }
    };
    let tmp = cwd.join(".tmp");
    std::fs::create_dir_all(&tmp)?;
    let mut command = Command::new(view.host_path(Path::new(program)));
    command
        .args(args.iter().map(|a| view.host_path(Path::new(a))))
        .current_dir(&cwd)
        // A judge shows no backtrace, and printing one costs the program time.
        .env_remove("RUST_BACKTRACE")
        .env_remove("RUST_LIB_BACKTRACE")
        .env("TMPDIR", &tmp)
        .env("TEMP", &tmp)
        .env("TMP", &tmp)
        .stdin(match &stdin {
            Some(file) => Stdio::from(file.try_clone()?),
            None => Stdio::null(),
        })
        .stdout(Stdio::from(stdout.try_clone()?))
        .stderr(Stdio::from(stderr.try_clone()?));
    Ok(Prepared {
        command,
        #[cfg(windows)]
        stdin,
        stdout,
        stderr,
        scratch,
    })
}

/// Whether stdout or stderr has grown past the output limit (Windows has
/// no `RLIMIT_FSIZE`).
#[cfg(windows)]
pub fn output_over(prepared: &Prepared, limits: &super::Limits) -> bool {
    [&prepared.stdout, &prepared.stderr]
        .iter()
        .any(|f| f.metadata().is_ok_and(|m| m.len() > limits.output_bytes))
}

/// The finished run as the judge reads it: how it ended, its CPU and wall
/// time, its peak (`peak_bytes`), stdout rewound and the first 64 KiB of
/// stderr, each with its size. No memory cgroup and no disk of its own
/// hold such a run.
pub fn finished(
    prepared: &mut Prepared,
    end: End,
    cpu: Duration,
    wall: Duration,
    peak_bytes: u64,
    isolation: Isolation,
) -> io::Result<Run> {
    let mut stdout = prepared.stdout.try_clone()?;
    let stdout_bytes = stdout.metadata()?.len();
    stdout.seek(SeekFrom::Start(0))?;
    let mut stderr = prepared.stderr.try_clone()?;
    let stderr_bytes = stderr.metadata()?.len();
    stderr.seek(SeekFrom::Start(0))?;
    let mut kept = Vec::new();
    (&mut stderr).take(STDERR_KEPT).read_to_end(&mut kept)?;
    Ok(Run {
        end,
        cpu,
        wall,
        peak_kib: peak_bytes / 1024,
        stdout,
        stdout_bytes,
        stderr: kept,
        stderr_bytes,
        disk_full: false,
        memory_cgroup: false,
        isolation,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_run_reads_its_own_copy_of_the_input() {
        let input = Input::new(b"530070000\n").unwrap();
        let mut one = input.open().unwrap();
        one.write_all(b"x").unwrap();
        let mut text = String::new();
        input.open().unwrap().read_to_string(&mut text).unwrap();
        assert_eq!(text, "530070000\n");
    }
}
