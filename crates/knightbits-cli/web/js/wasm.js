// The library compiled to WebAssembly (crates/knightbits-wasm): the explorer's endpoint table,
// `knightbits_api::query::call`, called in the page. Four plain exports over the module's
// memory: kb_alloc / kb_free for room, kb_call(name, query) -> HTTP status, kb_body and
// kb_body_len for the answer's text.

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Loads the module at `url` (a real .wasm file); resolves to `{ call(name, query) }`. */
export async function loadLibrary(url) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: ${res.status} ${res.statusText}`);
  const { instance } = await WebAssembly.instantiate(await res.arrayBuffer(), {});
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
