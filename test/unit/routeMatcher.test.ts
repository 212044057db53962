// One route matcher (RouteMatcher in src/http/routeTable.ts) for the metrics' route labels and
// for authorizeFirst's operation lookup: express 5 templates, the first route that matches, HEAD
// as GET, ALL for any method, each template's params captured, repeats answered from what it kept.
import assert from 'node:assert/strict';
import { RouteMatcher, compileTemplate } from '../../src/http/routeTable.js';

describe('route matcher', () => {
  const routes = [
    { method: 'GET', path: '/api/v1/brains/:brainId/pages', value: 'pages' },
    { method: 'GET', path: '/api/v1/brains/:brainId', value: 'brain' },
    { method: 'PUT', path: '/api/v1/brains/:brainId/pages', value: 'put pages' },
    { method: 'ALL', path: '/mcp', value: 'mcp' },
    { method: 'GET', path: '/git/:repo{/*rest}', value: 'git' },
    { method: 'GET', path: '/api/v1/brains/:other', value: 'shadowed' },
  ];

  it('finds the first route by method and path, with its params', () => {
    const m = new RouteMatcher(() => routes);
    assert.deepEqual(m.match('GET', '/api/v1/brains/main/pages'), { value: 'pages', params: { brainId: 'main' } });
    assert.deepEqual(m.match('PUT', '/api/v1/brains/main/pages/'), { value: 'put pages', params: { brainId: 'main' } });
    assert.deepEqual(m.match('HEAD', '/api/v1/brains/Main'), { value: 'brain', params: { brainId: 'Main' } });
    assert.deepEqual(m.match('DELETE', '/mcp'), { value: 'mcp', params: {} });
    assert.deepEqual(m.match('GET', '/git/main.git/info/refs'), { value: 'git', params: { repo: 'main.git', rest: 'info/refs' } });
    assert.deepEqual(m.match('GET', '/git/main.git'), { value: 'git', params: { repo: 'main.git', rest: undefined } });
    assert.equal(m.match('POST', '/api/v1/brains/main/pages'), null);
    assert.equal(m.match('GET', '/api/v1/brains/main/schema'), null);
  });

  it('reads its routes once, on first use, and answers a repeated path as the first time', () => {
    let reads = 0;
    const m = new RouteMatcher(() => (reads++, routes));
    assert.equal(reads, 0);
    const first = m.match('GET', '/api/v1/brains/a/pages');
    for (let i = 0; i < 3; i++) assert.deepEqual(m.match('GET', '/api/v1/brains/a/pages'), first);
    assert.equal(m.match('GET', '/nothing/here'), null);
    assert.equal(m.match('GET', '/nothing/here'), null);
    assert.deepEqual(m.match('GET', `/api/v1/brains/${'x'.repeat(400)}`)?.params, { brainId: 'x'.repeat(400) });
    assert.equal(reads, 1);
  });

  it('compiles templates with special characters literally', () => {
    const { re, params } = compileTemplate('/api/v1/openapi.json');
    assert.deepEqual(params, []);
    assert.ok(re.test('/api/v1/openapi.json'));
    assert.ok(!re.test('/api/v1/openapiXjson'));
  });
});
