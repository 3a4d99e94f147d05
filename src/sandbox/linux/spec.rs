//! What crosses between the sandbox's processes: the job as arguments the
//! judge writes on the supervisor's fd 4 (each ended by a NUL; its command
//! line stays `sudoku sandbox`, so no host path shows in the run's
//! `/proc/1/cmdline`), and how it ended as one report line on its fd 3.
//!
//! ```text
//! fd 4:          --cpu-ms 2000 --wall-ms 6000 --memory-kib 262144 --output-bytes 67108864
//!                --disk-bytes 16777216 --processes 1 --threads 512 --address-space
//!                --bind /host/dir /box … [--work /host/build] -- PROGRAM ARGS…
//! fd 3:          end=exit:0 cpu_us=1234 wall_us=2345 peak_kib=4096 disk_full=0 isolation=ns
//! ```

use super::{End, Isolation, Limits, View};
use std::ffi::OsString;
use std::io;
use std::path::PathBuf;
use std::time::Duration;

/// One job for the supervisor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    pub limits: Limits,
    pub view: View,
    pub program: OsString,
    pub args: Vec<OsString>,
}

impl Spec {
    /// The supervisor's arguments (after `sandbox`).
    pub fn to_args(&self) -> Vec<OsString> {
        let l = &self.limits;
        let mut a: Vec<OsString> = Vec::new();
        let mut num = |flag: &str, v: u128| {
            a.push(flag.into());
            a.push(v.to_string().into());
        };
        num("--cpu-ms", l.cpu.as_millis());
        num("--wall-ms", l.wall.as_millis());
        num("--memory-kib", l.memory_kib.into());
        num("--output-bytes", l.output_bytes.into());
        num("--disk-bytes", l.disk_bytes.into());
        num("--processes", l.processes.into());
        num("--threads", l.threads.into());
        if l.address_space {
            a.push("--address-space".into());
        }
        for (from, to) in &self.view.binds {
            a.push("--bind".into());
            a.push(from.clone().into_os_string());
            a.push(to.clone().into_os_string());
        }
        if let Some(work) = &self.view.work {
            a.push("--work".into());
            a.push(work.clone().into_os_string());
        }
        a.push("--".into());
        a.push(self.program.clone());
        a.extend(self.args.iter().cloned());
        a
    }

    /// Reads what [`Spec::to_args`] wrote.
    pub fn parse(args: &[OsString]) -> io::Result<Spec> {
        let bad = |why: &str| io::Error::other(format!("sandbox: {why}"));
        let mut limits = Limits {
            cpu: Duration::from_secs(1),
            wall: Duration::from_secs(3),
            memory_kib: 256 << 10,
            output_bytes: 64 << 20,
            disk_bytes: 16 << 20,
            processes: 1,
            threads: 512,
            address_space: false,
        };
        let mut view = View {
            binds: Vec::new(),
            work: None,
        };
        let mut it = args.iter();
        let next = |it: &mut std::slice::Iter<'_, OsString>, flag: &str| {
            it.next()
                .cloned()
                .ok_or_else(|| bad(&format!("{flag} needs a value")))
        };
        let number = |v: OsString, flag: &str| -> io::Result<u64> {
            v.to_str()
                .and_then(|s| s.parse().ok())
                .ok_or_else(|| bad(&format!("{flag}: not a number")))
        };
        loop {
            let Some(flag) = it.next() else {
                return Err(bad("no `-- PROGRAM`"));
            };
            match flag.to_str().unwrap_or("") {
                "--" => break,
                f @ "--cpu-ms" => limits.cpu = Duration::from_millis(number(next(&mut it, f)?, f)?),
                f @ "--wall-ms" => {
                    limits.wall = Duration::from_millis(number(next(&mut it, f)?, f)?)
                }
                f @ "--memory-kib" => limits.memory_kib = number(next(&mut it, f)?, f)?,
                f @ "--output-bytes" => limits.output_bytes = number(next(&mut it, f)?, f)?,
                f @ "--disk-bytes" => limits.disk_bytes = number(next(&mut it, f)?, f)?,
                f @ "--processes" => {
                    limits.processes = u32::try_from(number(next(&mut it, f)?, f)?)
                        .map_err(|_| bad("--processes: too large"))?
                }
                f @ "--threads" => {
                    limits.threads = u32::try_from(number(next(&mut it, f)?, f)?)
                        .map_err(|_| bad("--threads: too large"))?
                }
                "--address-space" => limits.address_space = true,
                f @ "--work" => view.work = Some(PathBuf::from(next(&mut it, f)?)),
                f @ "--bind" => {
                    let from = PathBuf::from(next(&mut it, f)?);
                    view.binds.push((from, PathBuf::from(next(&mut it, f)?)));
                }
                other => return Err(bad(&format!("unknown argument {other:?}"))),
            }
        }
        let program = it.next().cloned().ok_or_else(|| bad("no PROGRAM"))?;
        Ok(Spec {
            limits,
            view,
            program,
            args: it.cloned().collect(),
        })
    }
}

/// How a run ended and what it used, as measured inside the sandbox.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Measured {
    pub end: End,
    pub cpu: Duration,
    pub wall: Duration,
    pub peak_kib: u64,
    /// The solution's private `/tmp` was full at the end.
    pub disk_full: bool,
    /// A memory cgroup of the run's own held the tree.
    pub memory_cgroup: bool,
    pub isolation: Isolation,
}

fn end_text(end: End) -> String {
    match end {
        End::Exit(code) => format!("exit:{code}"),
        End::Signal(sig) => format!("signal:{sig}"),
        End::CpuLimit => "cpu-limit".into(),
        End::WallLimit => "wall-limit".into(),
        End::MemoryLimit => "memory-limit".into(),
        End::OutputLimit => "output-limit".into(),
        End::ProcessLimit => "process-limit".into(),
        End::InitKilled(sig) => format!("init-killed:{sig}"),
    }
}

fn end_of(text: &str) -> Option<End> {
    Some(match text {
        "cpu-limit" => End::CpuLimit,
        "wall-limit" => End::WallLimit,
        "memory-limit" => End::MemoryLimit,
        "output-limit" => End::OutputLimit,
        "process-limit" => End::ProcessLimit,
        other => match other.split_once(':')? {
            ("exit", code) => End::Exit(code.parse().ok()?),
            ("signal", sig) => End::Signal(sig.parse().ok()?),
            ("init-killed", sig) => End::InitKilled(sig.parse().ok()?),
            _ => return None,
        },
    })
}

/// The report line: `key=value` fields; the isolation's reason, which may
/// hold spaces, is the last field.
pub fn format_report(m: &Measured) -> String {
    format!(
        "end={} cpu_us={} wall_us={} peak_kib={} disk_full={} cgroup={} isolation={}\n",
        end_text(m.end),
        m.cpu.as_micros(),
        m.wall.as_micros(),
        m.peak_kib,
        u8::from(m.disk_full),
        u8::from(m.memory_cgroup),
        m.isolation.to_field(),
    )
}

pub fn parse_report(line: &str) -> Option<Measured> {
    let line = line.trim_end();
    let (head, isolation) = line.split_once(" isolation=")?;
    let mut fields = head.split(' ');
    let mut field = |key: &str| fields.next()?.strip_prefix(key)?.strip_prefix('=');
    let end = end_of(field("end")?)?;
    let micros = |v: &str| v.parse().ok().map(Duration::from_micros);
    Some(Measured {
        end,
        cpu: micros(field("cpu_us")?)?,
        wall: micros(field("wall_us")?)?,
        peak_kib: field("peak_kib")?.parse().ok()?,
        disk_full: field("disk_full")? == "1",
        memory_cgroup: field("cgroup")? == "1",
        isolation: Isolation::from_field(isolation)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_round_trip() {
        for view in [
            View {
                binds: vec![("/u".into(), "/u".into())],
                work: Some("/w d".into()),
            },
            View {
                binds: vec![("/a b".into(), "/box".into())],
                work: None,
            },
        ] {
            let spec = Spec {
                limits: Limits {
                    cpu: Duration::from_millis(1500),
                    wall: Duration::from_millis(4500),
                    memory_kib: 1 << 18,
                    output_bytes: 1 << 26,
                    disk_bytes: 1 << 24,
                    processes: 3,
                    threads: 40,
                    address_space: true,
                },
                view,
                program: "/usr/bin/python3".into(),
                args: vec!["-c".into(), "print(1)".into()],
            };
            assert_eq!(Spec::parse(&spec.to_args()).unwrap(), spec);
        }
        assert!(Spec::parse(&["--cpu-ms".into()]).is_err());
    }

    #[test]
    fn reports_round_trip() {
        for end in [
            End::Exit(0),
            End::Exit(101),
            End::Signal(11),
            End::CpuLimit,
            End::WallLimit,
            End::MemoryLimit,
            End::OutputLimit,
            End::ProcessLimit,
            End::InitKilled(9),
        ] {
            for isolation in [
                Isolation::Namespaces { user: false },
                Isolation::ProcessGroup {
                    why: "unshare: Operation not permitted".into(),
                },
            ] {
                let m = Measured {
                    end,
                    cpu: Duration::from_micros(1234),
                    wall: Duration::from_micros(5678),
                    peak_kib: 2048,
                    disk_full: true,
                    memory_cgroup: true,
                    isolation,
                };
                assert_eq!(parse_report(&format_report(&m)), Some(m));
            }
        }
        assert_eq!(parse_report("error cannot start"), None);
    }
}
