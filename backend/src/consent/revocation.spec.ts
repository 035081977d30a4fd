import { meaningOf } from './revocation.js';

describe('meaningOf', () => {
  it.each([
    'STOP',
    'stop',
    ' Stop ',
    'STOPALL',
    'unsubscribe',
    'END',
    'quit',
    'REVOKE',
    'OptOut',
    'CANCEL',
    'Stop.',
    'ALTO',
    'alto',
    'Baja',
    'CANCELAR',
    'No más',
    'NO MAS',
    'parar',
  ])('%j is a stop keyword on the channel it came on', (body) => {
    expect(meaningOf(body)).toEqual({ kind: 'stop', keyword: true, channels: ['sms'] });
  });

  it.each(['START', 'unstop', ' Start', 'Comenzar'])('%j opts back in', (body) => {
    expect(meaningOf(body)).toEqual({ kind: 'start' });
  });

  it.each(['help', 'AYUDA', 'Info'])('%j asks for help', (body) => {
    expect(meaningOf(body)).toEqual({ kind: 'help' });
  });

  it.each([
    ['please stop texting me', ['sms']],
    ['Please stop calling', ['voice']],
    ['No more texts!', ['sms']],
    ['no more calls please', ['voice']],
    ["don't call me again", ['voice']],
    ['Do not text this number', ['sms']],
    ['stop sending me emails', ['email']],
    ['Please stop calling and texting me', ['voice', 'sms']],
    ['remove me from your list', ['sms']],
    ['take me off your list', ['sms']],
    ['Leave me alone', ['sms']],
    ['wrong number', ['sms']],
    ['Do not contact me', ['voice', 'sms', 'email']],
    ['stop contacting me', ['voice', 'sms', 'email']],
    ['No me llamen más', ['voice']],
    ['Dejen de escribirme', ['sms']],
    ['no más mensajes', ['sms']],
    ['ya no quiero recibir nada', ['sms']],
  ])('%j is a stop in the recipient’s own words, for %j', (body, channels) => {
    expect(meaningOf(body as string)).toEqual({ kind: 'stop', keyword: false, channels });
  });

  it.each([
    'Yes',
    'Thanks, see you Tuesday',
    "Don't forget to call me about my plan",
    'I stopped by your office',
    'Can you call me back?',
    '',
    undefined,
  ])('%j is not about consent', (body) => {
    expect(meaningOf(body)).toBeUndefined();
  });
});
