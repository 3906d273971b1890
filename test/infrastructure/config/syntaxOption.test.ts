import { describe, expect, it } from 'vitest';
import { applyProjectLayer } from '../../../src/infrastructure/config/applyProjectLayer.js';
import { defaultConfig } from '../../../src/domain/defaultConfig.js';

describe('config `syntax`: structured by default; a project may only tighten it to strict', () => {
  const cases: Array<{
    base: 'structured' | 'strict';
    project?: 'structured' | 'strict';
    want: string;
    warned: boolean;
  }> = [
    { base: 'structured', want: 'structured', warned: false },
    { base: 'structured', project: 'strict', want: 'strict', warned: false },
    { base: 'strict', project: 'structured', want: 'strict', warned: true },
    { base: 'strict', project: 'strict', want: 'strict', warned: false },
  ];
  it('defaults to structured', () => expect(defaultConfig().syntax).toBe('structured'));
  for (const c of cases) {
    it(`${c.base} + project ${c.project ?? '(unset)'} -> ${c.want}`, () => {
      const { config, warnings } = applyProjectLayer(
        { ...defaultConfig(), syntax: c.base },
        c.project ? { syntax: c.project } : {},
        '/p/.shimctl.json',
        '/home/u',
        '/p',
      );
      expect(config.syntax).toBe(c.want);
      expect(warnings.some((w) => w.field === 'syntax')).toBe(c.warned);
    });
  }
});
