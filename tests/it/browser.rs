//! A headless Chromium driven over the DevTools protocol, through the pipe
//! Chromium offers for it (`--remote-debugging-pipe`: it reads commands on
//! fd 3 and writes replies and events on fd 4, each a JSON text ending in a
//! NUL byte), so no WebSocket client or driver binary is needed.
//!
//! Every wait has a deadline, and the browser is killed when the value is
//! dropped: a test using it cannot hang.

#![allow(dead_code)] // each test uses part of it

use serde_json::{json, Value};
use std::io::{Read, Write};
use std::os::fd::{AsRawFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How long one command may take: a guard against a hang, not a measure,
/// with room for a CPU a quarter as fast running two browsers at once.
const TIMEOUT: Duration = Duration::from_secs(120);

/// Where Chromium is: `$CHROMIUM`, else the first of its usual names on `PATH`.
pub fn find() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("CHROMIUM") {
        return Some(PathBuf::from(path)).filter(|p| p.is_file());
    }
    let dirs = std::env::var_os("PATH")?;
    for name in [
        "chromium",
        "chromium-browser",
        "google-chrome",
        "google-chrome-stable",
    ] {
        for dir in std::env::split_paths(&dirs) {
            let path = dir.join(name);
            if path.is_file() {
                return Some(path);
            }
        }
    }
    None
}

/// One browser with one page attached.
pub struct Browser {
    child: Child,
    commands: std::fs::File,
    replies: Receiver<Value>,
    next_id: u64,
    session: String,
    /// Every event seen so far, in order.
    pub events: Vec<Value>,
    _profile: tempfile::TempDir,
}

impl Browser {
    /// Starts `chromium` headless with an empty profile and a page of
    /// `width` x `height`, attached and with its console, log and network
    /// events on.
    pub fn start(chromium: &Path, width: u32, height: u32) -> Browser {
        let profile = tempfile::tempdir().unwrap();
        let (to_browser_r, to_browser_w) = std::io::pipe().unwrap();
        let (from_browser_r, from_browser_w) = std::io::pipe().unwrap();
        let (read_fd, write_fd) = (to_browser_r.as_raw_fd(), from_browser_w.as_raw_fd());
        let mut cmd = Command::new(chromium);
        // The flags a root user in a container needs, and none of Chromium's
        // own network traffic (this machine's network is closed).
        cmd.args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            "--remote-debugging-pipe",
            &format!("--window-size={width},{height}"),
            &format!("--user-data-dir={}", profile.path().display()),
            "about:blank",
        ])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
        // SAFETY: fcntl and dup2 are async-signal-safe; the fds are open in
        // the parent. Both are first copied above 4, so neither is clobbered
        // by the other's move, and a move onto itself (which would keep
        // close-on-exec) never happens.
        unsafe {
            cmd.pre_exec(move || {
                let high_read = libc::fcntl(read_fd, libc::F_DUPFD, 10);
                let high_write = libc::fcntl(write_fd, libc::F_DUPFD, 10);
                if high_read < 0
                    || high_write < 0
                    || libc::dup2(high_read, 3) < 0
                    || libc::dup2(high_write, 4) < 0
                {
                    return Err(std::io::Error::last_os_error());
                }
                libc::close(high_read);
                libc::close(high_write);
                Ok(())
            });
        }
        let child = cmd.spawn().expect("chromium starts");
        drop(to_browser_r);
        drop(from_browser_w);
        let (tx, rx) = mpsc::channel();
        let mut file = std::fs::File::from(OwnedFd::from(from_browser_r));
        std::thread::spawn(move || {
            let mut buf = Vec::new();
            let mut chunk = [0u8; 1 << 16];
            loop {
                let n = match file.read(&mut chunk) {
                    Ok(0) | Err(_) => return,
                    Ok(n) => n,
                };
                buf.extend_from_slice(&chunk[..n]);
                while let Some(end) = buf.iter().position(|&b| b == 0) {
                    let message: Vec<u8> = buf.drain(..=end).collect();
                    if let Ok(value) = serde_json::from_slice(&message[..end]) {
                        if tx.send(value).is_err() {
                            return;
                        }
                    }
                }
            }
        });
        let mut browser = Browser {
            child,
            commands: std::fs::File::from(OwnedFd::from(to_browser_w)),
            replies: rx,
            next_id: 0,
            session: String::new(),
            events: Vec::new(),
            _profile: profile,
        };
        let targets = browser.call("Target.getTargets", json!({}));
        let page = targets["targetInfos"]
            .as_array()
            .and_then(|t| t.iter().find(|t| t["type"] == "page"))
            .map(|t| t["targetId"].clone())
            .expect("a page target");
        let attached = browser.call(
            "Target.attachToTarget",
            json!({ "targetId": page, "flatten": true }),
        );
        browser.session = attached["sessionId"].as_str().unwrap().to_string();
        for domain in ["Page", "Runtime", "Log", "Network"] {
            browser.call(&format!("{domain}.enable"), json!({}));
        }
        browser
    }

    /// Sends `method` to the page (or to the browser before one is
    /// attached) and waits for its reply; events on the way are kept.
    ///
    /// # Panics
    /// On an error reply or after [`TIMEOUT`].
    pub fn call(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        let mut message = json!({ "id": id, "method": method, "params": params });
        if !self.session.is_empty() {
            message["sessionId"] = json!(self.session);
        }
        let mut bytes = serde_json::to_vec(&message).unwrap();
        bytes.push(0);
        self.commands.write_all(&bytes).unwrap();
        let deadline = Instant::now() + TIMEOUT;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.replies.recv_timeout(left) {
                Ok(reply) if reply["id"] == id => {
                    if let Some(error) = reply.get("error") {
                        panic!("{method}: {error}");
                    }
                    return reply["result"].clone();
                }
                Ok(event) => self.events.push(event),
                Err(RecvTimeoutError::Timeout) => panic!("{method}: no reply in {TIMEOUT:?}"),
                Err(RecvTimeoutError::Disconnected) => panic!("{method}: the browser went away"),
            }
        }
    }

    /// Makes the page's viewport exactly `width` x `height` CSS pixels (the
    /// window's size leaves room for a headless window's frame), as a phone
    /// when `mobile`.
    pub fn viewport(&mut self, width: u32, height: u32, mobile: bool) {
        self.call(
            "Emulation.setDeviceMetricsOverride",
            json!({ "width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile }),
        );
    }

    /// The value of a JavaScript expression in the page (JSON-able).
    pub fn eval(&mut self, expression: &str) -> Value {
        let reply = self.call(
            "Runtime.evaluate",
            json!({ "expression": expression, "returnByValue": true, "awaitPromise": true }),
        );
        if let Some(exception) = reply.get("exceptionDetails") {
            panic!("{expression}: {exception}");
        }
        reply["result"]["value"].clone()
    }

    /// Loads `url` and waits until `ready` (an expression) is true.
    pub fn open(&mut self, url: &str, ready: &str) {
        self.call("Page.navigate", json!({ "url": url }));
        self.wait_for(ready);
    }

    /// Waits until `condition` (an expression) is true.
    pub fn wait_for(&mut self, condition: &str) {
        let deadline = Instant::now() + TIMEOUT;
        let probe = format!(
            "(() => {{ try {{ return !!({condition}); }} catch (e) {{ return false; }} }})()"
        );
        while self.eval(&probe) != json!(true) {
            assert!(
                Instant::now() < deadline,
                "not true in {TIMEOUT:?}: {condition}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Presses and releases a key, as a keyboard would (`key` as the DOM
    /// names it: "ArrowRight", "d", " ").
    pub fn press(&mut self, key: &str, shift: bool) {
        let (code, vk, text) = match key {
            "ArrowRight" => ("ArrowRight".to_string(), 39, ""),
            "ArrowLeft" => ("ArrowLeft".to_string(), 37, ""),
            "Home" => ("Home".to_string(), 36, ""),
            "End" => ("End".to_string(), 35, ""),
            " " => ("Space".to_string(), 32, " "),
            k => {
                let c = k.chars().next().unwrap();
                (
                    format!("Key{}", c.to_ascii_uppercase()),
                    c.to_ascii_uppercase() as i64,
                    k,
                )
            }
        };
        let modifiers = if shift { 8 } else { 0 };
        for kind in ["keyDown", "keyUp"] {
            let mut params = json!({
                "type": kind, "key": key, "code": code,
                "windowsVirtualKeyCode": vk, "modifiers": modifiers,
            });
            if kind == "keyDown" && !text.is_empty() {
                params["text"] = json!(text);
            }
            self.call("Input.dispatchKeyEvent", params);
        }
    }

    /// Clicks the middle of the element `selector` finds, with the mouse.
    pub fn click(&mut self, selector: &str) {
        let selector_json = serde_json::to_string(selector).unwrap();
        let at = self.eval(&format!(
            "(() => {{ const e = document.querySelector({selector_json}); e.scrollIntoView({{block: 'center'}}); \
             const r = e.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; }})()"
        ));
        let (x, y) = (at[0].as_f64().unwrap(), at[1].as_f64().unwrap());
        for kind in ["mousePressed", "mouseReleased"] {
            self.call(
                "Input.dispatchMouseEvent",
                json!({ "type": kind, "x": x, "y": y, "button": "left", "clickCount": 1 }),
            );
        }
    }

    /// A PNG of the page as it is shown.
    pub fn screenshot(&mut self) -> Vec<u8> {
        let shot = self.call("Page.captureScreenshot", json!({ "format": "png" }));
        decode_base64(shot["data"].as_str().unwrap())
    }

    /// Console errors, uncaught exceptions and error log entries seen so far.
    pub fn errors(&mut self) -> Vec<String> {
        // A round trip first, so events sent before it are in.
        self.eval("0");
        self.events
            .iter()
            .filter_map(|e| {
                let p = &e["params"];
                match e["method"].as_str()? {
                    "Runtime.exceptionThrown" => Some(p["exceptionDetails"].to_string()),
                    "Runtime.consoleAPICalled"
                        if matches!(p["type"].as_str(), Some("error" | "assert")) =>
                    {
                        Some(p["args"].to_string())
                    }
                    "Log.entryAdded" if p["entry"]["level"] == "error" => {
                        Some(p["entry"].to_string())
                    }
                    _ => None,
                }
            })
            .collect()
    }

    /// The address of every request the page made.
    pub fn requests(&self) -> Vec<String> {
        self.events
            .iter()
            .filter(|e| e["method"] == "Network.requestWillBeSent")
            .filter_map(|e| e["params"]["request"]["url"].as_str().map(str::to_string))
            .collect()
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Standard base64, padding allowed.
pub fn decode_base64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        _ => panic!("not base64: {c}"),
    };
    let digits: Vec<u8> = text.bytes().filter(|&c| c != b'=').map(value).collect();
    let mut out = Vec::with_capacity(digits.len() * 3 / 4);
    for chunk in digits.chunks(4) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &d)| n | u32::from(d) << (18 - 6 * i));
        for i in 0..chunk.len().saturating_sub(1) {
            out.push((n >> (16 - 8 * i)) as u8);
        }
    }
    out
}
