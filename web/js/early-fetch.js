// What preload.js fetched as the page opened (the words, the games' list), taken
// once by the module that asks for the same address; anything else is fetched now.
// A fetch, not <link rel="preload" as="fetch">: WebKit never hands such a preload to
// the page's fetch() and downloads the file a second time (tests/engines/).

export function fetchEarly(url) {
  const early = globalThis.cardtableBoot?.fetched;
  const href = String(url);
  const response = early?.[href];
  if (!response) return fetch(url);
  delete early[href]; // a response's body is read once
  return response;
}
