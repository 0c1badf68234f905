// Inside the PyScript worker: counts the bytes of every download (the wasm, the
// standard library, the lock file, cardtable.zip) as they arrive and tells the page
// ("cardtable:bytes\n<n>") a few times a second, so the loading bar tracks the real
// download. The counting reads a clone: the response Pyodide gets is the server's
// own, streamed and cached as before.

export function countDownloads(every = 100) {
  const fetchNow = globalThis.fetch.bind(globalThis);
  let received = 0;
  let timer = 0;
  const tell = () => {
    timer = 0;
    postMessage(`cardtable:bytes\n${received}`);
  };
  async function count(body) {
    const reader = body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      timer ||= setTimeout(tell, every);
    }
  }
  globalThis.fetch = async (...args) => {
    const response = await fetchNow(...args);
    if (response.ok && response.body) count(response.clone().body).catch(() => {}); // the real reader reports errors
    return response;
  };
}
