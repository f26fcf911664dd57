// Issue 27, item 5: ids exactly as a platform sends them. The connectors' one HTTP helper
// (connectors/http.ts `send`) reads every platform answer; integers a double cannot hold (64-bit
// ids above 2^53) arrive as strings of the platform's digits, everything else as JSON.parse reads it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from '../../daemon/resources/platforms/connectors/http.js';
import { parseExactJson } from '../../daemon/resources/platforms/connectors/exact-json.js';
import { FakeServer } from './fakes/fake-server.js';

const BIG = '7302663125830058708'; // JSON.parse reads 7302663125830059000

describe('parseExactJson', () => {
  it('keeps integers above 2^53 digit for digit, as strings, wherever they are', () => {
    expect(String(JSON.parse(`[${BIG}]`)[0])).not.toBe(BIG);
    expect(parseExactJson(`{"data":{"publicaly_available_post_id":[${BIG}],"n":{"id":-${BIG}}}}`)).toEqual({ data: { publicaly_available_post_id: [BIG], n: { id: `-${BIG}` } } });
    expect(parseExactJson('[9007199254740993, 9007199254740991, 18446744073709551615]')).toEqual(['9007199254740993', 9007199254740991, '18446744073709551615']);
  });

  it('reads everything else as JSON.parse does: strings (digits and escapes inside), fractions, exponents', () => {
    const text = `{"s":"${BIG} \\" [${BIG}]","f":1.5,"e":1e21,"x":12345678901234567.5,"t":true,"z":null,"a":[0,-1,2e3]}`;
    expect(parseExactJson(text)).toEqual(JSON.parse(text));
    expect(() => parseExactJson('{"a":')).toThrow(SyntaxError);
  });
});

describe('a platform answer through the connectors\' HTTP helper', () => {
  const fake = new FakeServer();
  beforeAll(async () => {
    fake.route('GET', /^\/ids$/, () => ({ status: 200, body: { id: BigInt(BIG), media: [{ id: 17895695668004550n }, { id: '17841400000000001' }], small: 42 } }));
    await fake.start();
  });
  afterAll(() => fake.stop());

  it('answers the platform\'s digits: the fake sends bare number literals and json() keeps them', async () => {
    const a = await send('Fake', `${fake.url}/ids`);
    expect(a.text).toContain(`"id":${BIG}`);
    expect(a.json()).toEqual({ id: BIG, media: [{ id: '17895695668004550' }, { id: '17841400000000001' }], small: 42 });
  });
});
