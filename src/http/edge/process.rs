//! The process's own metrics under the names Prometheus's client libraries give them
//! (`process_*`): resident memory, CPU time, open and most file descriptors, start time. Read
//! from `/proc/self` when scraped, on Linux; elsewhere there are none.

#![cfg_attr(not(target_os = "linux"), allow(dead_code))]

/// The process metrics in Prometheus's text format; each that cannot be read is left out.
pub fn metrics() -> String {
    #[cfg(target_os = "linux")]
    {
        linux::now().render()
    }
    #[cfg(not(target_os = "linux"))]
    {
        String::new()
    }
}

/// The process now: each figure that could be read.
#[derive(Debug, Default, PartialEq)]
struct Process {
    resident_bytes: Option<u64>,
    cpu_seconds: Option<f64>,
    open_fds: Option<u64>,
    max_fds: Option<u64>,
    start_time_seconds: Option<f64>,
}

impl Process {
    fn render(&self) -> String {
        let mut out = String::new();
        let mut metric = |name: &str, kind: &str, help: &str, value: Option<String>| {
            if let Some(value) = value {
                out.push_str(&format!(
                    "# HELP {name} {help}\n# TYPE {name} {kind}\n{name} {value}\n"
                ));
            }
        };
        metric(
            "process_resident_memory_bytes",
            "gauge",
            "Resident memory size in bytes.",
            self.resident_bytes.map(|v| v.to_string()),
        );
        metric(
            "process_cpu_seconds_total",
            "counter",
            "Total user and system CPU time spent in seconds.",
            self.cpu_seconds.map(|v| v.to_string()),
        );
        metric(
            "process_open_fds",
            "gauge",
            "Number of open file descriptors.",
            self.open_fds.map(|v| v.to_string()),
        );
        metric(
            "process_max_fds",
            "gauge",
            "Maximum number of open file descriptors.",
            self.max_fds.map(|v| v.to_string()),
        );
        metric(
            "process_start_time_seconds",
            "gauge",
            "Start time of the process since unix epoch in seconds.",
            self.start_time_seconds.map(|v| v.to_string()),
        );
        out
    }
}

/// The fields of `/proc/self/stat` after the command name (which may hold spaces and
/// parentheses, so everything up to its last `)` is skipped): the state is the first.
fn stat_fields(stat: &str) -> Option<Vec<&str>> {
    let (_, rest) = stat.rsplit_once(')')?;
    Some(rest.split_whitespace().collect())
}

/// From `/proc/self/stat`: CPU ticks (user + system) and the start, in ticks after boot
/// (fields 14, 15 and 22 of proc(5); the state, field 3, is the first after the name).
fn ticks(stat: &str) -> Option<(u64, u64)> {
    let fields = stat_fields(stat)?;
    let field = |n: usize| fields.get(n - 3)?.parse::<u64>().ok();
    Some((field(14)? + field(15)?, field(22)?))
}

/// `VmRSS` of `/proc/self/status`, in bytes.
fn resident(status: &str) -> Option<u64> {
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let mut words = line.split_whitespace().skip(1);
    let kib: u64 = words.next()?.parse().ok()?;
    (words.next() == Some("kB")).then_some(kib * 1024)
}

/// The soft limit of open files in `/proc/self/limits` (`None` when unlimited).
fn max_open_files(limits: &str) -> Option<u64> {
    let line = limits.lines().find(|l| l.starts_with("Max open files"))?;
    line.trim_start_matches("Max open files")
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// The boot time, in seconds since 1970 (`btime` of `/proc/stat`).
fn boot_time(stat: &str) -> Option<u64> {
    stat.lines()
        .find_map(|l| l.strip_prefix("btime "))?
        .trim()
        .parse()
        .ok()
}

#[cfg(target_os = "linux")]
mod linux {
    use super::*;

    fn read(path: &str) -> Option<String> {
        std::fs::read_to_string(path).ok()
    }

    /// Clock ticks a second (`sysconf(_SC_CLK_TCK)`, 100 where it cannot say).
    fn ticks_per_second() -> u64 {
        // SAFETY: sysconf reads one integer argument and touches no memory of ours.
        #[allow(unsafe_code, reason = "libc's sysconf; sound as the SAFETY line says")]
        let hz = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
        u64::try_from(hz).ok().filter(|&hz| hz > 0).unwrap_or(100)
    }

    pub(super) fn now() -> Process {
        let hz = ticks_per_second() as f64;
        let ticks = read("/proc/self/stat").and_then(|s| ticks(&s));
        let boot = read("/proc/stat").and_then(|s| boot_time(&s));
        Process {
            resident_bytes: read("/proc/self/status").and_then(|s| resident(&s)),
            cpu_seconds: ticks.map(|(cpu, _)| cpu as f64 / hz),
            open_fds: std::fs::read_dir("/proc/self/fd")
                .ok()
                .map(|entries| entries.count() as u64),
            max_fds: read("/proc/self/limits").and_then(|s| max_open_files(&s)),
            start_time_seconds: ticks
                .zip(boot)
                .map(|((_, start), boot)| boot as f64 + start as f64 / hz),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn proc_files_are_read_as_proc_5_lays_them_out() {
        let stat = "4242 (spi) der (x)) S 1 4242 4242 0 -1 4194560 1 0 0 0 \
                    250 75 0 0 20 0 9 0 1234 1000 300 18446744073709551615";
        assert_eq!(ticks(stat), Some((325, 1234)));
        assert_eq!(ticks("4242 (spider"), None);
        let status = "Name:\tspider\nVmPeak:\t  200 kB\nVmRSS:\t   5120 kB\nThreads:\t9\n";
        assert_eq!(resident(status), Some(5120 * 1024));
        let limits = "Limit                     Soft Limit           Hard Limit           Units     \n\
                      Max processes             95538                95538                processes \n\
                      Max open files            1024                 524288               files     \n";
        assert_eq!(max_open_files(limits), Some(1024));
        let unlimited =
            "Max open files            unlimited            unlimited            files\n";
        assert_eq!(max_open_files(unlimited), None);
        assert_eq!(
            boot_time("cpu  1 2 3\nbtime 1700000000\nprocesses 9\n"),
            Some(1_700_000_000)
        );
    }

    #[test]
    fn what_could_not_be_read_is_left_out() {
        let some = Process {
            resident_bytes: Some(4096),
            cpu_seconds: Some(1.25),
            ..Process::default()
        };
        let text = some.render();
        assert!(
            text.contains(
                "# TYPE process_resident_memory_bytes gauge\nprocess_resident_memory_bytes 4096\n"
            ),
            "{text}"
        );
        assert!(
            text.contains(
                "# TYPE process_cpu_seconds_total counter\nprocess_cpu_seconds_total 1.25\n"
            ),
            "{text}"
        );
        assert!(!text.contains("process_open_fds"), "{text}");
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn this_process_has_each_figure() {
        let now = linux::now();
        assert!(now.resident_bytes.is_some_and(|b| b > 1 << 20), "{now:?}");
        assert!(now.cpu_seconds.is_some(), "{now:?}");
        assert!(now.open_fds.is_some_and(|n| n >= 3), "{now:?}");
        assert!(now.max_fds.is_some_and(|n| n >= 3), "{now:?}");
        let started = now.start_time_seconds.unwrap_or(0.0);
        let since_1970 = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0.0, |d| d.as_secs_f64());
        assert!(
            started > 1.5e9 && started <= since_1970 + 1.0,
            "{started} vs {since_1970}"
        );
    }
}
