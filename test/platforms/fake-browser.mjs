// A stand-in for the user's browser (BROWSER=node fake-browser.mjs): loads the consent URL and
// follows the platform's redirect to the CLI's loopback listener, as a browser would.
const res = await fetch(process.argv[2], { redirect: 'follow' });
await res.text();
