// The browser entry of the package (package.json "exports" condition `browser`; issue 18, item 2:
// "a documented client for Node 20 and browsers with fetch"): the SDK without what needs Node
// (webhook verification; `upload(path)` reads a file, so it stays Node-only; `uploadBlob` sends a
// Blob or File). Calls go through
// the global fetch.
export { Clipper } from './sdk/clipper.js';
export * from './sdk/shared-exports.js';
