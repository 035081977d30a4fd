import { SendRateLimiter } from './send-rate.js';

describe('SendRateLimiter', () => {
  function clock(start = 1_000_000) {
    let now = start;
    return { now: () => now, advance: (ms: number) => (now += ms) };
  }

  it('spaces calls one second apart at 1 per second', () => {
    const c = clock();
    const limiter = new SendRateLimiter({ voice: 1 }, c.now);
    expect([limiter.reserve('voice'), limiter.reserve('voice'), limiter.reserve('voice')]).toEqual([0, 1000, 2000]);
    c.advance(2500);
    expect(limiter.reserve('voice')).toBe(500);
  });

  it('lets 10 texts a second through, 100 ms apart, and refills while idle without bursting', () => {
    const c = clock();
    const limiter = new SendRateLimiter({ sms: 10 }, c.now);
    const waits = Array.from({ length: 10 }, () => limiter.reserve('sms'));
    expect(waits).toEqual([0, 100, 200, 300, 400, 500, 600, 700, 800, 900]);
    // A long pause does not bank capacity: the next two are again 100 ms apart.
    c.advance(60_000);
    expect([limiter.reserve('sms'), limiter.reserve('sms')]).toEqual([0, 100]);
  });

  it('keeps channels apart and leaves unlimited channels alone', () => {
    const c = clock();
    const limiter = new SendRateLimiter({ voice: 1, sms: 2, email: 0 }, c.now);
    expect(limiter.reserve('voice')).toBe(0);
    expect(limiter.reserve('sms')).toBe(0);
    expect(limiter.reserve('sms')).toBe(500);
    expect(limiter.reserve('voice')).toBe(1000);
    expect(Array.from({ length: 1000 }, () => limiter.reserve('email')).every((wait) => wait === 0)).toBe(true);
    expect(limiter.limits('email')).toBe(false);
    expect(limiter.limits('voice')).toBe(true);
  });

  it('reserves nothing when the wait would exceed the caller’s limit', () => {
    const c = clock();
    const limiter = new SendRateLimiter({ voice: 1 }, c.now);
    expect(limiter.reserve('voice', 1500)).toBe(0);
    expect(limiter.reserve('voice', 1500)).toBe(1000);
    expect(limiter.reserve('voice', 1500)).toBeUndefined();
    expect(limiter.waitFor('voice')).toBe(2000);
    c.advance(600);
    // The refused request took no slot: the next one still starts at 2000 ms.
    expect(limiter.reserve('voice', 1500)).toBe(1400);
  });

  it('never allows more than the rate in any one-second window', () => {
    const c = clock();
    const limiter = new SendRateLimiter({ sms: 8 }, c.now);
    const starts: number[] = [];
    for (let i = 0; i < 100; i++) {
      starts.push(c.now() + limiter.reserve('sms')!);
      c.advance(37); // callers arrive faster than the rate
    }
    for (const start of starts) {
      expect(starts.filter((t) => t >= start && t < start + 1000).length).toBeLessThanOrEqual(8);
    }
  });
});
