import { isMachineOpen } from './open-detection.js';

const delivered = new Date('2026-11-21T12:00:00Z');
const later = new Date('2026-11-21T12:05:00Z');
const person = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';

describe('isMachineOpen', () => {
  it('counts a person opening minutes later', () => {
    expect(isMachineOpen(person, delivered, later)).toBe(false);
    expect(isMachineOpen('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Gecko/20100101 Firefox/134.0', delivered, later)).toBe(false);
  });

  it.each([
    [''],
    ['Mozilla/5.0'],
    ['Barracuda Sentinel (EE)'],
    ['Mozilla/5.0 (compatible; Mimecast Image Proxy)'],
    ['python-requests/2.32'],
    ['Microsoft Office/16.0 (Windows NT 10.0; Microsoft Outlook 16.0.17928; Pro)'],
  ])('does not count %j as a person', (agent) => {
    expect(isMachineOpen(agent, delivered, later)).toBe(true);
  });

  it('does not count an open within seconds of delivery', () => {
    expect(isMachineOpen(person, delivered, new Date(delivered.getTime() + 3000))).toBe(true);
  });
});
