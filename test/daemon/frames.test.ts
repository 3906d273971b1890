// The wire format on its own: frames split across chunks, several per chunk, and malformed input.
import { describe, expect, it } from 'vitest';
import {
  FrameReader,
  decodeFields,
  encodeFields,
  encodeFrame,
  takeList,
} from '../../src/infrastructure/daemon/frames.js';
import { parseRequest } from '../../src/infrastructure/daemon/daemonServer.js';

describe('daemon frames', () => {
  it('reassembles frames however the stream cuts them', () => {
    const a = encodeFrame('E', Buffer.from('hello'));
    const b = encodeFrame('D', encodeFields([126]));
    const all = Buffer.concat([a, b]);
    for (let cut = 0; cut <= all.length; cut++) {
      const r = new FrameReader();
      const frames = [...r.push(all.subarray(0, cut)), ...r.push(all.subarray(cut))];
      expect(frames.map((f) => [f.type, f.body.toString()])).toEqual([
        ['E', 'hello'],
        ['D', '126\0'],
      ]);
    }
  });

  it('rejects a length that is no frame', () => {
    const bad = Buffer.from([0x7f, 0, 0, 0, 0x51]);
    expect(() => new FrameReader().push(bad)).toThrow(/bad frame length/);
    expect(() => new FrameReader().push(Buffer.from([0, 0, 0, 0, 0x51]))).toThrow(/bad frame length/);
  });

  it('round-trips fields, including empty ones and UTF-8, and refuses NUL', () => {
    const fields = ['', 'a b', 'é\n\t', '$(x)'];
    expect(decodeFields(encodeFields(fields))).toEqual(fields);
    expect(() => encodeFields(['a\0b'])).toThrow();
    expect(() => decodeFields(Buffer.from('unterminated'))).toThrow();
  });

  it('parses a request and refuses malformed ones', () => {
    const base = ['p', 't', '0', 'run', 'bash', '/bin/bash', '/w', '2', '-c', 'ls', '2', 'HOME=/h', 'HOME=/later'];
    expect(parseRequest(base)).toEqual({
      mode: 'run',
      shell: 'bash',
      realShell: '/bin/bash',
      cwd: '/w',
      args: ['-c', 'ls'],
      env: { HOME: '/h' },
    });
    expect(() => parseRequest(base.map((f, i) => (i === 3 ? 'exec' : f)))).toThrow(/mode/);
    expect(() => parseRequest(base.map((f, i) => (i === 4 ? 'zsh' : f)))).toThrow(/shell/);
    expect(() => parseRequest(base.map((f, i) => (i === 6 ? 'rel' : f)))).toThrow(/absolute/);
    expect(() => parseRequest([...base, 'extra'])).toThrow(/trailing/);
    expect(() => takeList(['9', 'a'], 0)).toThrow(/past the frame/);
  });
});
