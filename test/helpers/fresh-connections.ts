// Every test file runs its daemon in the same process as the HTTP client that calls it. When
// synchronous work holds the event loop past the server's keep-alive timeout (5 s), a request
// sent from a promise continuation goes out on the idle socket before the timers phase, and the
// server's keep-alive timer then destroys that socket under it: `read ECONNRESET` in a test, never
// seen between separate processes. Test clients therefore open a connection per request
// (undici: "pipelining 0 disables keep-alive"); the daemon's own dispatchers are unchanged.
import { Agent, setGlobalDispatcher } from 'undici';

setGlobalDispatcher(new Agent({ pipelining: 0 }));
