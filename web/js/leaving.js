// Whether this document is being left (a reload, a link followed, an embed builder's
// preview replaced by the next one): the browser then aborts the page's fetches, and
// a start-up cut short that way is no failure to report. A page the back button
// brings back from the browser's cache is no longer being left.

let left = false;
addEventListener("pagehide", () => { left = true; });
addEventListener("pageshow", () => { left = false; });

export const leaving = () => left;
