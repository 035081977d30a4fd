import { meaningOf, replyLanguageOf } from './revocation.js';

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
    expect(meaningOf(body)).toMatchObject({ kind: 'stop', keyword: true, channels: ['sms'] });
  });

  it.each([
    ['STOP', true, 'en'],
    ['Stop.', true, 'en'],
    ['ALTO', false, 'es'],
    ['Baja', false, 'es'],
    ['No más', false, 'es'],
  ])('%j: the carrier answers it itself: %j; it is in %j', (body, carrierAnswers, language) => {
    expect(meaningOf(body)).toMatchObject({ kind: 'stop', carrierAnswers, language });
  });

  it.each(['START', 'unstop', ' Start', 'Comenzar'])('%j opts back in', (body) => {
    expect(meaningOf(body)).toMatchObject({ kind: 'start' });
  });

  it.each(['help', 'AYUDA', 'Info'])('%j asks for help', (body) => {
    expect(meaningOf(body)).toMatchObject({ kind: 'help' });
  });

  it('answers AYUDA itself, in Spanish; HELP is the carrier’s', () => {
    expect(meaningOf('AYUDA')).toEqual({ kind: 'help', carrierAnswers: false, language: 'es' });
    expect(meaningOf('help')).toEqual({ kind: 'help', carrierAnswers: true, language: 'en' });
  });

  it.each([
    ['Sí', 'es'],
    ['si', 'es'],
    ['ALTO', 'es'],
    ['YES', 'en'],
    ['stop', 'en'],
    ['1', undefined],
    ['Thanks', undefined],
  ])('%j is written in %j', (body, language) => {
    expect(replyLanguageOf(body)).toBe(language);
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
    expect(meaningOf(body as string)).toMatchObject({ kind: 'stop', keyword: false, carrierAnswers: false, channels });
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
