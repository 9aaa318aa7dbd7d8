import type { TKnowledgeAnswer } from '@amms/contracts/knowledge';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AnswerView } from './answer-view';

/** The cited answer as HTML (zh-CN, the default locale): marks become links to the cited pages. */
const render = (answer: TKnowledgeAnswer) =>
  renderToStaticMarkup(
    createElement(AnswerView, { answer, citationHref: (c, n) => `/p/${c.versionId}/${c.page}?n=${n}` }),
  );

const V = '00000000-0000-4000-8000-00000000000';
const citation = (i: number, page: number, pageLabel: string, snippet: string) => ({
  documentId: `${V}1`,
  versionId: `${V}${i}`,
  title: '联合收割机使用说明书',
  page,
  pageLabel,
  snippet,
  score: 1 / i,
});

describe('AnswerView', () => {
  it('links each [n] to its citation’s page and lists the sources with page label and physical page', () => {
    const html = render({
      found: true,
      answer: '立即降低负荷，怠速运转[1]。检查散热器是否堵塞[2]。',
      citations: [
        citation(2, 45, '7-3', '立即降低负荷，怠速运转 3～5 分钟'),
        citation(3, 46, '7-4', '检查散热器芯是否被杂物堵塞'),
      ],
      answerer: 'extractive',
      mode: 'lexical',
    });
    expect(html).toContain(`<a aria-label="出处 1：联合收割机使用说明书，第 7-3 页" class="`);
    expect(html).toMatch(/href="\/p\/0{8}-0{4}-4000-8000-0{11}2\/45\?n=1"[^>]*>\[1\]<\/a>/);
    expect(html).toMatch(/href="\/p\/0{8}-0{4}-4000-8000-0{11}3\/46\?n=2"[^>]*>\[2\]<\/a>/);
    expect(html).toContain('第 7-3 页 · PDF 第 45 页');
    expect(html).toContain('<blockquote');
    expect(html).toContain('检查散热器芯是否被杂物堵塞');
    expect(html).toContain('打开第 7-4 页');
  });

  it('says so when the manuals do not cover the question, with no sources and no links', () => {
    const html = render({
      found: false,
      answer: '手册中没有找到相关内容。',
      citations: [],
      answerer: 'extractive',
      mode: 'lexical',
    });
    expect(html).toContain('手册里没有写');
    expect(html).not.toContain('<a ');
    expect(html).not.toContain('出处');
  });

  it('escapes the answer text (retrieved text is untrusted) and leaves unknown marks as text', () => {
    const html = render({
      found: true,
      answer: '<img src=x onerror=alert(1)> 见[5]',
      citations: [citation(2, 1, 'i', 'x')],
      answerer: 'model',
      mode: 'hybrid',
    });
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; 见[5]');
    expect(html).not.toContain('<img');
  });
});
