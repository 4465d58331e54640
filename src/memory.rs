//! How much memory this process may still take, and the most it held: read
//! from the kernel, so that the row-frontier DP's default budget
//! ([`Budget`](crate::Budget)) fits the machine, its control group and
//! `ulimit -v`.
//!
//! Linux only, from `/proc` and `/sys`: the control group and the available
//! memory are only there, and `/proc/self/limits` gives `getrlimit`'s
//! address-space limit without unsafe code or a dependency. Elsewhere every
//! answer is `None`.

use std::path::{Path, PathBuf};

/// Bytes this process may still take: the smallest of the machine's
/// available memory (`MemAvailable`), each enclosing control group's limit
/// less what the group uses (its reclaimable file cache not counted), and
/// the address-space limit (`RLIMIT_AS`, `ulimit -v`) less the address space
/// the process has mapped. `None` when none of them is known.
pub fn room() -> Option<u64> {
    [available(), cgroup_room(), address_room()]
        .into_iter()
        .flatten()
        .min()
}

/// The most resident memory this process held so far (`VmHWM`), in bytes.
pub fn peak() -> Option<u64> {
    status_kib("VmHWM:").map(|k| k << 10)
}

/// `MemAvailable` of `/proc/meminfo`, in bytes.
fn available() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    field_kib(&text, "MemAvailable:").map(|k| k << 10)
}

/// A `kB` field of `/proc/self/status`.
fn status_kib(name: &str) -> Option<u64> {
    let text = std::fs::read_to_string("/proc/self/status").ok()?;
    field_kib(&text, name)
}

/// The number after `name` at the start of a line of `text` (`Name:  123 kB`).
fn field_kib(text: &str, name: &str) -> Option<u64> {
    text.lines()
        .find_map(|l| l.strip_prefix(name))
        .and_then(|rest| rest.split_whitespace().next()?.parse().ok())
}

/// The soft address-space limit less the mapped address space (`VmSize`).
fn address_room() -> Option<u64> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let soft = limits
        .lines()
        .find_map(|l| l.strip_prefix("Max address space"))?
        .split_whitespace()
        .next()?;
    let limit: u64 = soft.parse().ok()?; // "unlimited" is no limit
    let mapped = status_kib("VmSize:").unwrap_or(0) << 10;
    Some(limit.saturating_sub(mapped))
}

/// The least room left in the process's control group or any group above
/// it, version 2 or 1.
fn cgroup_room() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/self/cgroup").ok()?;
    let mut rooms = Vec::new();
    for line in text.lines() {
        let mut fields = line.splitn(3, ':');
        let (_, controllers, path) = (fields.next(), fields.next()?, fields.next()?);
        let v1 = controllers.split(',').any(|c| c == "memory");
        if !(v1 || controllers.is_empty()) {
            continue;
        }
        let (mount, files) = if v1 {
            ("/sys/fs/cgroup/memory", V1)
        } else {
            ("/sys/fs/cgroup", V2)
        };
        for dir in enclosing(Path::new(mount), path) {
            rooms.extend(group_room(&dir, files));
        }
    }
    rooms.into_iter().min()
}

/// A version's file names: the limit, the usage, and the memory.stat key
/// of the inactive file cache.
type Files = (&'static str, &'static str, &'static str);
const V1: Files = (
    "memory.limit_in_bytes",
    "memory.usage_in_bytes",
    "total_inactive_file",
);
const V2: Files = ("memory.max", "memory.current", "inactive_file");

/// The group directories from `path` under `mount` up to `mount` itself
/// (in a container the group's own path may not exist, its root does).
fn enclosing(mount: &Path, path: &str) -> Vec<PathBuf> {
    let mut dirs = vec![mount.to_path_buf()];
    let mut dir = mount.to_path_buf();
    for part in path.split('/').filter(|p| !p.is_empty()) {
        dir.push(part);
        dirs.push(dir.clone());
    }
    dirs
}

/// The room the group in `dir` leaves: its limit less its usage, the
/// inactive file cache (which the kernel reclaims) not counted.
fn group_room(dir: &Path, (limit, usage, inactive): Files) -> Option<u64> {
    let read = |name: &str| std::fs::read_to_string(dir.join(name)).ok();
    let limit: u64 = read(limit)?.trim().parse().ok()?; // "max" is no limit
    let used: u64 = read(usage).and_then(|u| u.trim().parse().ok()).unwrap_or(0);
    let cache = read("memory.stat")
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix(inactive)?.strip_prefix(' ')?.parse().ok())
        })
        .unwrap_or(0);
    Some(limit.saturating_sub(used.saturating_sub(cache)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_read_from_their_lines() {
        let status = "Name:\tplacer\nVmHWM:\t  681812 kB\nVmSize:\t 12 kB\n";
        assert_eq!(field_kib(status, "VmHWM:"), Some(681_812));
        assert_eq!(field_kib(status, "VmRSS:"), None);
    }

    #[test]
    fn groups_enclose_from_the_mount_down() {
        let dirs = enclosing(Path::new("/m"), "/a/b");
        assert_eq!(
            dirs,
            [PathBuf::from("/m"), PathBuf::from("/m/a"), "/m/a/b".into()]
        );
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn linux_knows_the_room_and_the_peak() {
        assert!(room().is_some_and(|r| r > 0));
        assert!(peak().is_some_and(|p| p > 0));
    }
}
