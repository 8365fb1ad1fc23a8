//! The edge: what every request passes through on its way to a resource, and what holds it
//! to the contract. The request log and the metrics it counts, the language a reply speaks,
//! the in-memory limits, the contract (the shapes a request must fit, checked before a
//! handler runs), and the process's own figures for the metrics.

pub mod contract;
pub mod language;
pub mod metrics;
pub(crate) mod process;
pub mod ratelimit;
pub(crate) mod request_log;
