//! The schemas and document changes utoipa cannot derive: integer sets, the text patterns the
//! server checks (from `super`), whole-float integers, and the statuses every operation may
//! answer.

use utoipa::openapi::path::ParameterIn;
use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, Schema, Type};
use utoipa::openapi::{ContentBuilder, Ref, RefOr, ResponseBuilder};

use super::{
    ACTIVITY_CURSOR, BOARD_CURSOR, COMMAND, COMMAND_MAX, DATE, DEAL_NUMBER_TEXT, GAMES_CURSOR,
    IDEMPOTENCY_KEY, IF_MATCH, LAST_EVENT_ID, OAUTH_CHALLENGE, OAUTH_CLIENT_ID, OAUTH_REDIRECT_URI,
    OAUTH_SCOPE, OAUTH_STATE, OAUTH_VERIFIER, PASSWORD, RACE_NAME, TOKEN_NAME, USERNAME,
};

/// A suit setting: 1, 2 or 4.
pub struct SuitCount;

impl utoipa::PartialSchema for SuitCount {
    fn schema() -> RefOr<Schema> {
        RefOr::T(
            ObjectBuilder::new()
                .schema_type(Type::Integer)
                .enum_values(Some([1, 2, 4]))
                .description(Some("A suit setting: 1, 2 or 4."))
                // Names for generated clients' enum members (openapi-python-client, and the
                // OpenAPI Generator family, read this extension): `SuitCount.TWO`, not `VALUE_2`.
                .extensions(Some(
                    utoipa::openapi::extensions::ExtensionsBuilder::new()
                        .add("x-enum-varnames", serde_json::json!(["ONE", "TWO", "FOUR"]))
                        .build(),
                ))
                .into(),
        )
    }
}

impl utoipa::ToSchema for SuitCount {}

/// Every operation of a path item (the methods this API uses).
pub fn operations(
    item: &mut utoipa::openapi::PathItem,
) -> impl Iterator<Item = &mut utoipa::openapi::path::Operation> {
    [
        item.get.as_mut(),
        item.post.as_mut(),
        item.put.as_mut(),
        item.patch.as_mut(),
        item.delete.as_mut(),
    ]
    .into_iter()
    .flatten()
}

fn text(pattern: &str, description: &str) -> Schema {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .pattern(Some(pattern))
        .description(Some(description))
        .into()
}

/// A username (when signing up or upgrading).
pub fn username() -> Schema {
    let mut schema = text(
        USERNAME,
        "3–32 characters: letters, digits, `_`, `-` and `.`; unique whatever its case.",
    );
    if let Schema::Object(o) = &mut schema {
        o.examples = vec!["ada".into()];
    }
    schema
}

/// A new password.
pub fn password() -> Schema {
    text(
        PASSWORD,
        "10–128 characters, no control characters; not a common password and not containing \
         the username (`weak_password`).",
    )
}

/// A race seat's name, or `null` for the default.
pub fn race_name() -> Schema {
    ObjectBuilder::new()
        .schema_type(utoipa::openapi::schema::SchemaType::from_iter([
            Type::String,
            Type::Null,
        ]))
        .pattern(Some(RACE_NAME.as_str()))
        .description(Some(
            "The name others see: 1–32 printable characters (white space around them is \
             trimmed; no control or invisible format characters), unique in the room whatever \
             the case, and not `CPU n`. Default (absent or null): your username, or `guest-…`.",
        ))
        .into()
}

/// An access token's name.
pub fn token_name() -> Schema {
    text(
        &TOKEN_NAME,
        "A name to recognise it by: 1–100 printable characters (white space around them is \
         trimmed; no control or invisible format characters).",
    )
}

/// A chat command.
pub fn command() -> Schema {
    let mut schema = text(
        &COMMAND,
        "What the player typed (at most 200 characters): `3 7`, `3 7 2`, `3`, `d`, `u`, `h`, \
         `b`, `resign`, `help`, … See the operation's description for the grammar.",
    );
    if let Schema::Object(o) = &mut schema {
        o.max_length = Some(COMMAND_MAX);
        o.examples = vec!["3 7".into()];
    }
    schema
}

/// A chat command sent as `text/plain`: the text is the command.
pub struct CommandText;

impl utoipa::PartialSchema for CommandText {
    fn schema() -> RefOr<Schema> {
        RefOr::T(command())
    }
}

impl utoipa::ToSchema for CommandText {}

/// A deal number, as a JSON number or as text.
pub fn deal_number() -> RefOr<Schema> {
    RefOr::T(
        OneOfBuilder::new()
            .description(Some(
                "A deal number: a whole number from 0 to 18446744073709551615, as a JSON number \
                 or, for clients whose numbers lose precision past 2^53, as a string of digits \
                 (no sign; leading zeros are fine).",
            ))
            .item(
                ObjectBuilder::new()
                    .schema_type(Type::Integer)
                    .minimum(Some(0))
                    .maximum(Some(u64::MAX)),
            )
            .item(
                ObjectBuilder::new()
                    .schema_type(Type::String)
                    .pattern(Some(DEAL_NUMBER_TEXT.as_str())),
            )
            .into(),
    )
}

// ---------------------------------------------------------------- Apps' requests

/// A one-value string enum.
fn only(value: &str, description: &str) -> Schema {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .enum_values(Some([value]))
        .description(Some(description))
        .into()
}

/// An app's sign-in request's fields as the server checks them (`play::oauth::check`), each
/// with whether the server requires it: the query of `describeOAuthRequest` and the body of
/// `approveOAuthRequest` alike.
fn oauth_request_field(name: &str) -> Option<(Schema, bool)> {
    Some(match name {
        "response_type" => (only("code", "`code`: the authorization code flow."), true),
        "client_id" => (
            text(
                OAUTH_CLIENT_ID,
                "The app's name for itself, as the app chose it (1–256 printable ASCII \
                 characters).",
            ),
            true,
        ),
        "redirect_uri" => (
            text(
                OAUTH_REDIRECT_URI,
                "Where the player goes back with the code, exactly as the app will send it \
                 again: `https://…`, `http://` to this machine's loopback address, or a native \
                 app's reverse-domain scheme (`com.example.app:/done`); no fragment or \
                 backslash. Which URIs pass is decided as a browser reads them: a pattern can \
                 only say which characters.",
            ),
            true,
        ),
        "scope" => (
            text(
                &OAUTH_SCOPE,
                "`games:read` and/or `games:write`, separated by white space.",
            ),
            true,
        ),
        "state" => (
            text(
                OAUTH_STATE,
                "Anything the app wants back unchanged (at most 1,000 printable ASCII \
                 characters).",
            ),
            false,
        ),
        "code_challenge" => (
            text(
                OAUTH_CHALLENGE,
                "The PKCE S256 challenge of the app's verifier: 43 characters of base64url.",
            ),
            true,
        ),
        "code_challenge_method" => (only("S256", "`S256` (`plain` is refused)."), true),
        _ => return None,
    })
}

/// The OAuth request fields of the named component schema (a body) as the server checks them.
fn oauth_body(components: &mut utoipa::openapi::Components, name: &str) {
    let Some(RefOr::T(Schema::Object(object))) = components.schemas.get_mut(name) else {
        return;
    };
    let names: Vec<String> = object.properties.keys().cloned().collect();
    for field in names {
        if let Some((schema, required)) = oauth_request_field(&field) {
            object.properties.insert(field.clone(), RefOr::T(schema));
            if required && !object.required.contains(&field) {
                object.required.push(field);
            }
        }
    }
}

// ---------------------------------------------------------------- The document

/// What the document needs beyond the handlers' own annotations: each header, path and query
/// value's pattern from the constants above (the very ones the server checks with), 400 on
/// every operation that checks anything in a request, and what utoipa cannot say about the
/// request bodies (`not`, unknown fields in an internally tagged enum).
pub struct Contract;

impl utoipa::Modify for Contract {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        if let Some(components) = openapi.components.as_mut() {
            refuse_unknown_fields_of_variants(components, "ActionRequest");
            oauth_body(components, "Decision");
            if let Some(RefOr::T(Schema::Object(form))) = components.schemas.get_mut("TokenForm") {
                form.properties.insert(
                    "grant_type".into(),
                    RefOr::T(only("authorization_code", "`authorization_code`.")),
                );
                form.properties.insert(
                    "code_verifier".into(),
                    RefOr::T(text(
                        OAUTH_VERIFIER,
                        "The PKCE verifier the challenge was made from: 43–128 unreserved \
                         characters.",
                    )),
                );
            }
            if let Some(RefOr::T(Schema::Object(create))) = components.schemas.get_mut("CreateGame")
            {
                // JSON Schema's `not` (utoipa has no field for it): the combinations refused
                // with 400, a deal number and a winnable deal, or a difficulty without one.
                let not = serde_json::json!({"anyOf": [
                    {"required": ["winnable", "difficulty"],
                     "properties": {"winnable": {"const": false}, "difficulty": {"type": "string"}}},
                    {"required": ["deal_number", "winnable"],
                     "properties": {"deal_number": {"not": {"type": "null"}}, "winnable": {"const": true}}},
                    {"required": ["deal_number", "difficulty"],
                     "properties": {"deal_number": {"not": {"type": "null"}}, "difficulty": {"type": "string"}}},
                ]});
                create
                    .extensions
                    .get_or_insert_with(Default::default)
                    .insert("not".into(), not);
            }
        }
        for item in openapi.paths.paths.values_mut() {
            for operation in operations(item) {
                let mut reads = operation.request_body.is_some();
                let oauth = operation.operation_id.as_deref() == Some("describeOAuthRequest");
                for parameter in operation.parameters.iter_mut().flatten() {
                    if let Some((schema, required)) = oauth
                        .then(|| oauth_request_field(&parameter.name))
                        .flatten()
                    {
                        parameter.schema = Some(RefOr::T(schema));
                        if required {
                            parameter.required = utoipa::openapi::Required::True;
                        }
                    }
                    let pattern = match (&parameter.parameter_in, parameter.name.as_str()) {
                        (ParameterIn::Header, "Idempotency-Key") => Some(IDEMPOTENCY_KEY),
                        (ParameterIn::Header, "If-Match") => Some(IF_MATCH),
                        (ParameterIn::Header, "Last-Event-ID") => Some(LAST_EVENT_ID),
                        (ParameterIn::Path, "date") => Some(DATE),
                        (ParameterIn::Query, "cursor") => {
                            Some(match operation.operation_id.as_deref() {
                                Some("listMyGames") => GAMES_CURSOR,
                                Some("getMyPuzzleActivity") => ACTIVITY_CURSOR,
                                _ => BOARD_CURSOR,
                            })
                        }
                        _ => None,
                    };
                    // A query string is parsed as a whole; a header or path value is checked
                    // only where it has a pattern.
                    if matches!(parameter.parameter_in, ParameterIn::Query) || pattern.is_some() {
                        reads = true;
                    }
                    if let (Some(pattern), Some(RefOr::T(Schema::Object(schema)))) =
                        (pattern, parameter.schema.as_mut())
                    {
                        schema.pattern = Some(pattern.to_string());
                        if pattern == DATE {
                            schema.format = Some(utoipa::openapi::SchemaFormat::KnownFormat(
                                utoipa::openapi::KnownFormat::Date,
                            ));
                        }
                    }
                }
                if reads {
                    operation
                        .responses
                        .responses
                        .entry("400".into())
                        .or_insert_with(|| {
                            ResponseBuilder::new()
                                .description(
                                    "The request does not fit this operation's description \
                                     (`invalid_request`): `detail` says what",
                                )
                                .content(
                                    "application/problem+json",
                                    ContentBuilder::new()
                                        .schema(Some(Ref::from_schema_name("Problem")))
                                        .build(),
                                )
                                .build()
                                .into()
                        });
                }
            }
        }
    }
}

/// Each variant of the named `oneOf` (an internally tagged enum, whose `deny_unknown_fields`
/// utoipa does not carry to the variants) refuses fields it does not name, as the server does.
fn refuse_unknown_fields_of_variants(components: &mut utoipa::openapi::Components, name: &str) {
    use utoipa::openapi::schema::AdditionalProperties;
    if let Some(RefOr::T(Schema::OneOf(one_of))) = components.schemas.get_mut(name) {
        for item in &mut one_of.items {
            if let RefOr::T(Schema::Object(variant)) = item {
                variant.additional_properties =
                    Some(Box::new(AdditionalProperties::FreeForm(false)));
            }
        }
    }
}
