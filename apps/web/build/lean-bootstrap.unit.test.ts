import { describe, expect, it } from 'vitest';
import { classesOf, dropUnusedRules } from './lean-bootstrap.ts';

const used = {
  words: new Set(['btn', 'btn-primary', 'show', 'is-invalid', 'form-control']),
  prefixes: ['alert-'],
};

describe('lean Bootstrap', () => {
  it('reads only the classes a selector itself needs', () => {
    expect(classesOf('.btn-check:checked + .btn')).toEqual(['btn-check', 'btn']);
    expect(classesOf(':not(.btn-check) + .btn:active')).toEqual(['btn']);
    expect(classesOf('[data-bs-theme=dark] .btn-close')).toEqual(['btn-close']);
    expect(classesOf('.was-validated .form-control:is(.x, .y)')).toEqual(['was-validated', 'form-control']);
    expect(classesOf('h1')).toEqual([]);
  });

  it('drops rules and selectors whose classes no source mentions, and keeps the rest', () => {
    const css = [
      ':root{--bs-blue:#0d6efd}',
      '[data-bs-theme=dark]{color-scheme:dark}',
      'h1,.h1{font-size:2rem}',
      '.btn{padding:1px}',
      '.carousel{position:relative}',
      '.was-validated .form-control:invalid,.form-control.is-invalid{border-color:red}',
      '.alert-danger{color:red}',
      '@media (min-width:576px){.carousel-item{display:none}}',
      '@media (min-width:768px){.btn-primary{color:blue}}',
      '@keyframes spin{from{opacity:0}to{opacity:1}}',
    ].join('\n');
    const out = dropUnusedRules(css, used);
    expect(out).toContain('--bs-blue');
    expect(out).toContain('[data-bs-theme=dark]');
    expect(out).toMatch(/^h1 ?\{/m);
    expect(out).not.toContain('.h1');
    expect(out).toContain('.btn{');
    expect(out).not.toContain('carousel');
    expect(out).not.toContain('was-validated');
    expect(out).toContain('.form-control.is-invalid');
    expect(out).toContain('.alert-danger');
    expect(out).not.toContain('576px');
    expect(out).toContain('.btn-primary');
    expect(out).toContain('@keyframes spin');
  });
});
