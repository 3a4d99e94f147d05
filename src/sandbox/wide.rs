//! What the Windows sandbox lays out itself for `CreateProcessAsUserW` and
//! a folder's integrity label, kept free of calls so every OS tests it: a
//! command line as the C runtime splits it, an environment block, SIDs and
//! the label's ACL, in the layouts Windows documents.
//!
//! Text is UTF-16 code units (`&[u16]`), as Windows takes it.

/// `SECURITY_MANDATORY_LOW_RID`: the integrity level of a program that may
/// write only objects labelled Low.
pub const LOW: u32 = 0x1000;
/// `SECURITY_MANDATORY_MEDIUM_RID`: a user's own processes and files.
pub const MEDIUM: u32 = 0x2000;
/// `SYSTEM_MANDATORY_LABEL_ACE_TYPE`.
const LABEL_ACE: u8 = 0x11;
/// `OBJECT_INHERIT_ACE | CONTAINER_INHERIT_ACE`: files and folders made
/// below the folder take its label.
const INHERIT: u8 = 0x1 | 0x2;
/// `SYSTEM_MANDATORY_LABEL_NO_WRITE_UP`: a lower level may not write it.
const NO_WRITE_UP: u32 = 0x1;
/// `ACL_REVISION`.
const ACL_REVISION: u8 = 2;

/// The SID `S-1-authority-sub…` as the `SID` structure lays it out:
/// revision 1, the count, the 48-bit authority big-endian, the
/// sub-authorities little-endian.
pub fn sid(authority: u8, sub: &[u32]) -> Vec<u8> {
    let mut bytes = vec![1, sub.len() as u8, 0, 0, 0, 0, 0, authority];
    for s in sub {
        bytes.extend_from_slice(&s.to_le_bytes());
    }
    bytes
}

/// The mandatory label `S-1-16-level` (`SECURITY_MANDATORY_LABEL_AUTHORITY`).
pub fn label_sid(level: u32) -> Vec<u8> {
    sid(16, &[level])
}

/// `BUILTIN\Administrators`, `S-1-5-32-544`.
pub fn administrators_sid() -> Vec<u8> {
    sid(5, &[32, 544])
}

/// A SID's bytes as Windows writes it (`S-1-16-4096`); `None` if they are
/// not a SID.
pub fn sid_text(bytes: &[u8]) -> Option<String> {
    let (&[revision, count], rest) = bytes.split_first_chunk::<2>()?;
    let (authority, subs) = rest.split_first_chunk::<6>()?;
    if subs.len() != 4 * count as usize {
        return None;
    }
    let authority = authority.iter().fold(0u64, |a, &b| (a << 8) | u64::from(b));
    let mut text = format!("S-{revision}-{authority}");
    for s in subs.chunks_exact(4) {
        text += &format!("-{}", u32::from_le_bytes([s[0], s[1], s[2], s[3]]));
    }
    Some(text)
}

/// An ACL holding one label, as `SetNamedSecurityInfoW` takes a SACL: the
/// `ACL` header, then one `SYSTEM_MANDATORY_LABEL_ACE` (its header, the
/// no-write-up mask, the label's SID). Aligned to 4 bytes, as an ACL must be.
#[repr(C, align(4))]
pub struct LabelAcl(pub [u8; 28]);

/// The SACL that labels a folder `level` (no write up), inherited by the
/// files and folders made in it.
pub fn label_acl(level: u32) -> LabelAcl {
    let sid = label_sid(level);
    let ace_size = (4 + 4 + sid.len()) as u16;
    let acl_size = 8 + ace_size;
    let mut bytes = Vec::with_capacity(acl_size as usize);
    // ACL: revision, padding, size, ACE count, padding.
    bytes.extend_from_slice(&[ACL_REVISION, 0]);
    bytes.extend_from_slice(&acl_size.to_le_bytes());
    bytes.extend_from_slice(&1u16.to_le_bytes());
    bytes.extend_from_slice(&[0, 0]);
    // ACE_HEADER: type, flags, size; then the mask and the SID.
    bytes.extend_from_slice(&[LABEL_ACE, INHERIT]);
    bytes.extend_from_slice(&ace_size.to_le_bytes());
    bytes.extend_from_slice(&NO_WRITE_UP.to_le_bytes());
    bytes.extend_from_slice(&sid);
    LabelAcl(bytes.try_into().expect("a label's ACL is 28 bytes"))
}

fn unit(c: char) -> u16 {
    c as u16
}

/// Adds `arg` to a command line as the C runtime (`CommandLineToArgvW`,
/// the MSVC `argv` parser) splits it back: bare when it has no blank or
/// quote, else in quotes, a quote escaped by a backslash and the
/// backslashes before a quote, or before the closing quote, doubled.
pub fn push_arg(line: &mut Vec<u16>, arg: &[u16]) {
    let needs_quotes = arg.is_empty()
        || arg
            .iter()
            .any(|&c| [' ', '\t', '\n', '\x0b', '"'].map(unit).contains(&c));
    if !needs_quotes {
        line.extend_from_slice(arg);
        return;
    }
    line.push(unit('"'));
    let mut backslashes = 0;
    for &c in arg {
        if c == unit('\\') {
            backslashes += 1;
        } else {
            if c == unit('"') {
                line.extend(std::iter::repeat_n(unit('\\'), backslashes + 1));
            }
            backslashes = 0;
        }
        line.push(c);
    }
    line.extend(std::iter::repeat_n(unit('\\'), backslashes));
    line.push(unit('"'));
}

/// `program args…` as one command line, NUL-terminated: the program in
/// quotes (`CreateProcess` reads the first word up to the next quote, no
/// escapes; a Windows path holds no quote), each argument by [`push_arg`].
pub fn command_line(program: &[u16], args: &[Vec<u16>]) -> Vec<u16> {
    let mut line = vec![unit('"')];
    line.extend_from_slice(program);
    line.push(unit('"'));
    for arg in args {
        line.push(unit(' '));
        push_arg(&mut line, arg);
    }
    line.push(0);
    line
}

/// A name compared as Windows compares environment names: ASCII letters
/// without case.
fn env_key(name: &[u16]) -> Vec<u16> {
    name.iter()
        .map(|&c| match u8::try_from(c) {
            Ok(b) => u16::from(b.to_ascii_uppercase()),
            Err(_) => c,
        })
        .collect()
}

/// The environment block for `CREATE_UNICODE_ENVIRONMENT`: `vars` with
/// `changes` applied (`None` removes a name), one `NAME=VALUE` per name,
/// sorted by name without case, each NUL-terminated, then one more NUL.
pub fn environment_block(
    vars: impl IntoIterator<Item = (Vec<u16>, Vec<u16>)>,
    changes: impl IntoIterator<Item = (Vec<u16>, Option<Vec<u16>>)>,
) -> Vec<u16> {
    let mut by_key = std::collections::BTreeMap::new();
    for (name, value) in vars {
        by_key.insert(env_key(&name), (name, value));
    }
    for (name, value) in changes {
        match value {
            Some(value) => by_key.insert(env_key(&name), (name, value)),
            None => by_key.remove(&env_key(&name)),
        };
    }
    let mut block = Vec::new();
    for (name, value) in by_key.into_values() {
        block.extend(name);
        block.push(unit('='));
        block.extend(value);
        block.push(0);
    }
    if block.is_empty() {
        block.push(0);
    }
    block.push(0);
    block
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(s: &str) -> Vec<u16> {
        s.encode_utf16().collect()
    }

    #[test]
    fn sids_are_laid_out_as_windows_writes_them() {
        assert_eq!(label_sid(LOW), [1, 1, 0, 0, 0, 0, 0, 16, 0, 0x10, 0, 0]);
        assert_eq!(sid_text(&label_sid(LOW)).unwrap(), "S-1-16-4096");
        assert_eq!(sid_text(&label_sid(MEDIUM)).unwrap(), "S-1-16-8192");
        assert_eq!(sid_text(&label_sid(0x3000)).unwrap(), "S-1-16-12288");
        assert_eq!(sid_text(&administrators_sid()).unwrap(), "S-1-5-32-544");
        assert_eq!(sid_text(&[1, 2, 0, 0, 0, 0, 0, 5, 32, 0, 0, 0]), None);
    }

    #[test]
    fn the_label_acl_holds_one_inherited_no_write_up_ace() {
        let acl = label_acl(LOW).0;
        assert_eq!(acl[..8], [2, 0, 28, 0, 1, 0, 0, 0], "ACL header");
        assert_eq!(acl[8..12], [0x11, 0x3, 20, 0], "ACE header");
        assert_eq!(acl[12..16], [1, 0, 0, 0], "mask");
        assert_eq!(acl[16..], label_sid(LOW)[..]);
        assert_eq!(std::mem::align_of::<LabelAcl>(), 4);
    }

    #[test]
    fn arguments_come_back_as_the_c_runtime_splits_them() {
        for (arg, quoted) in [
            ("plain", "plain"),
            ("", "\"\""),
            ("two words", "\"two words\""),
            ("tab\there", "\"tab\there\""),
            (r"C:\no space\", r#""C:\no space\\""#),
            (r"C:\dir\", r"C:\dir\"),
            (r#"say "hi""#, r#""say \"hi\"""#),
            (r#"a\"b"#, r#""a\\\"b""#),
            (r"a\\b c", r#""a\\b c""#),
        ] {
            let mut line = Vec::new();
            push_arg(&mut line, &w(arg));
            assert_eq!(String::from_utf16(&line).unwrap(), quoted, "{arg:?}");
        }
        let line = command_line(&w(r"C:\Program Files\x.exe"), &[w("-O2"), w("a b")]);
        assert_eq!(
            String::from_utf16(&line).unwrap(),
            "\"C:\\Program Files\\x.exe\" -O2 \"a b\"\0"
        );
    }

    #[test]
    fn the_environment_block_is_sorted_without_case_and_changed() {
        let vars = [
            ("Path", "C:\\bin"),
            ("rust_backtrace", "1"),
            ("TEMP", "C:\\t"),
        ]
        .map(|(k, v)| (w(k), w(v)));
        let changes = [
            (w("RUST_BACKTRACE"), None),
            (w("TEMP"), Some(w("D:\\case\\.tmp"))),
            (w("a"), Some(w("1"))),
        ];
        let block = environment_block(vars, changes);
        assert_eq!(
            String::from_utf16(&block).unwrap(),
            "a=1\0Path=C:\\bin\0TEMP=D:\\case\\.tmp\0\0"
        );
        let empty: [(Vec<u16>, Vec<u16>); 0] = [];
        assert_eq!(environment_block(empty, []), [0, 0]);
    }
}
