// Shared by the two identity rules (no-call-id-coercion, no-identity-helper-bypass): a string joined
// from this many values or more (`${a}:${b}:${c}`, `[a, b, c].join('|')`) is a signature, a memo or
// a fingerprint (a cache key, a dedupe key, a hash input), not an identity: it never stands for one
// call or one tool, so a call ID or a tool name coerced into it cannot be mistaken for another.

/** A template or join over this many values is a fingerprint or memo string, not an ID. */
export const MEMO_PARTS = 3;
