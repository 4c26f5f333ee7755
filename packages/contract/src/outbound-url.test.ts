import { describe, expect, it } from 'vitest';
import { OutboundUrl } from './outbound-url.ts';

const codeOf = (schema: ReturnType<typeof OutboundUrl>, value: string) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

describe('outbound URLs', () => {
  const base = OutboundUrl(2000, { query: false });
  const hook = OutboundUrl(2000, { query: true });

  it('refuses user info however spelt, fragments, and a query where the product appends a path', () => {
    for (const [value, code] of [
      ['https://u:p@api.example.com', 'url_credentials'],
      ['https://u@api.example.com', 'url_credentials'],
      ['https://@api.example.com', 'url_credentials'],
      ['https:\\\\u@api.example.com', 'url_credentials'],
      ['https://api.example.com#', 'url_fragment'],
      ['https://api.example.com/#/latest/meta-data/', 'url_fragment'],
      ['https://api.example.com?', 'url_query'],
      ['https://api.example.com/v1?key=1', 'url_query'],
      ['ftp://api.example.com', 'invalid_url'],
    ] as const) {
      expect(codeOf(base, value), value).toBe(code);
    }
    expect(codeOf(base, 'https://api.example.com/v1/')).toBeNull();
  });

  it('keeps a webhook receiver its query', () => {
    expect(codeOf(hook, 'https://hooks.example.com/in?token=abc')).toBeNull();
    expect(codeOf(hook, 'https://hooks.example.com/in#x')).toBe('url_fragment');
    expect(codeOf(hook, 'https://a:b@hooks.example.com/in')).toBe('url_credentials');
  });
});
