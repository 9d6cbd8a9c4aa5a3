// Where the page's answers come from: 'api', the server's /api/ (this file as `knightbits serve`
// embeds it), or 'wasm', the library compiled to WebAssembly beside the page (the copy that
// `cargo xtask web` writes for a static site).
export const BACKEND = 'api';
