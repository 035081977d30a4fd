/**
 * The one place where the browser tests read the clock (a lint rule keeps `Date.now()` and
 * `new Date()` out of the tests themselves): for the dates they type and the names they make
 * unique. The browser and the app keep their own clocks; a test that needs the page on another day
 * sets the page's (page.clock). Tests take it from browser.ts with the other helpers.
 */
export function testNow(): number {
  return Date.now();
}

/** Run in a page (page.evaluate(pageNow)): the time by the page's clock. */
export function pageNow(): number {
  return Date.now();
}
