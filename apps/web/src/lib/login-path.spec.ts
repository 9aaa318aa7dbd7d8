import { describe, expect, it } from 'vitest';
import { changePasswordPath, CHANGE_PASSWORD_PATH, loginPath, safeReturnTo } from './login-path';

describe('safeReturnTo: only same-origin relative paths', () => {
  it.each([
    ['/', '/'],
    ['/orgs/7b0c/jobs', '/orgs/7b0c/jobs'],
    ['/orgs/7b0c/jobs?status=OPEN&limit=20', '/orgs/7b0c/jobs?status=OPEN&limit=20'],
    ['/field?org=7b0c#today', '/field?org=7b0c#today'],
    ['/field/jobs/1?next=//evil.example', '/field/jobs/1?next=//evil.example'], // a query is not a location
    ['/orgs/x/../y', '/orgs/y'], // normalized: what is checked is what loads
    ['/田地', '/%E7%94%B0%E5%9C%B0'],
  ])('keeps %j → %j', (input, out) => {
    expect(safeReturnTo(input)).toBe(out);
  });

  it.each([
    // not a string / not a path
    [null],
    [undefined],
    [42],
    [['/orgs']],
    [''],
    ['orgs/x'],
    [' /orgs'],
    ['javascript:alert(1)'],
    ['data:text/html,hi'],
    // other origins
    ['https://evil.example/'],
    ['http://evil.example'],
    ['HTTPS://evil.example'],
    ['//evil.example'],
    ['///evil.example'],
    ['//evil.example/orgs'],
    // backslashes read as slashes by browsers
    ['/\\evil.example'],
    ['/\\/evil.example'],
    ['\\\\evil.example'],
    ['/orgs\\..\\..\\/evil'],
    // control characters browsers strip (tab, newline) and others
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    ['/\r/evil.example'],
    ['/orgs\u0000'],
    ['/orgs\u007f'],
    // protocol-relative once normalized
    ['/.//evil.example'],
    ['/./..//evil.example'],
    ['/x/..//evil.example'],
    // pages that must not be a return target
    ['/login'],
    ['/login?next=/orgs'],
    ['/login#x'],
    ['/api/proxy/orgs'],
    ['/api'],
    // too long
    ['/' + 'a'.repeat(500)],
  ])('refuses %j', (input) => {
    expect(safeReturnTo(input)).toBeNull();
  });
});

describe('changePasswordPath and loginPath carry only a safe next', () => {
  it('carries the page first asked for, query included', () => {
    expect(changePasswordPath('/orgs/7b0c/jobs?status=OPEN')).toBe(
      `${CHANGE_PASSWORD_PATH}?next=%2Forgs%2F7b0c%2Fjobs%3Fstatus%3DOPEN`,
    );
    expect(loginPath('/field?org=7b0c')).toBe('/login?next=%2Ffield%3Forg%3D7b0c');
  });

  it('drops unsafe targets, the root and itself (no loop)', () => {
    for (const bad of ['//evil.example', 'https://evil.example', '/\\evil.example', '/.//evil.example']) {
      expect(changePasswordPath(bad)).toBe(CHANGE_PASSWORD_PATH);
      expect(loginPath(bad)).toBe('/login');
    }
    expect(changePasswordPath('/')).toBe(CHANGE_PASSWORD_PATH);
    expect(changePasswordPath(null)).toBe(CHANGE_PASSWORD_PATH);
    expect(changePasswordPath(`${CHANGE_PASSWORD_PATH}?next=%2Forgs`)).toBe(CHANGE_PASSWORD_PATH);
  });
});
