// The library compiled to WebAssembly (crates/knightbits-wasm): the explorer's endpoint table,
// `knightbits_api::query::call`, called in the page. Four plain exports over the module's
// memory: kb_alloc / kb_free for room, kb_call(name, query) -> HTTP status, kb_body and
// kb_body_len for the answer's text.

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Loads the module from `source`: the address of the .wasm file (the page), or its bytes (a
 * test). Resolves to `{ call(name, query) }`.
 */
export async function loadLibrary(source) {
  let bytes = source;
  if (typeof source === 'string' || source instanceof URL) {
    const res = await fetch(source);
    if (!res.ok) throw new Error(`${source}: ${res.status} ${res.statusText}`);
    bytes = await res.arrayBuffer();
  }
  const { instance } = await WebAssembly.instantiate(bytes, {});
  const x = instance.exports;

  function put(text) {
    const bytes = encoder.encode(text);
    const ptr = x.kb_alloc(bytes.length);
    new Uint8Array(x.memory.buffer, ptr, bytes.length).set(bytes);
    return [ptr, bytes.length];
  }

  /** `/api/{name}?{query}` answered here: `{ status, body }` as the server would send them. */
  function call(name, query) {
    const [n, nl] = put(name);
    const [q, ql] = put(query);
    try {
      const status = x.kb_call(n, nl, q, ql);
      const body = decoder.decode(new Uint8Array(x.memory.buffer, x.kb_body(), x.kb_body_len()));
      return { status, body };
    } finally {
      x.kb_free(n, nl);
      x.kb_free(q, ql);
    }
  }

  return { call };
}
