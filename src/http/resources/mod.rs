//! The resources: one module per resource the API serves, each a set of handlers that read
//! the request, ask the use cases (`spider-play`) and render the answer. What every resource
//! shares (the edge's middleware, the document, errors, the bearer extractor, the wire types)
//! stands beside this folder, in `src/http`.

pub mod accounts;
pub mod analysis;
pub mod arenas;
pub mod chat;
pub mod chat_links;
pub mod daily;
pub mod exports;
pub mod games;
pub mod hints;
pub mod integrations;
pub mod live;
pub mod oauth;
pub mod ops;
pub mod page;
pub mod profiles;
pub mod puzzles;
pub mod races;
pub mod records;
pub mod tokens;
