import * as fs from "fs";
import * as path from "path";

/** A fenced code block of a Markdown page: its language, its marks and where it starts. */
export interface CodeBlock {
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  language: string;
  /** The words after the language: `ts check` has the mark `check`. */
  marks: string[];
  text: string;
}

/** The fenced blocks of a Markdown text, in order. */
export function codeBlocks(file: string, markdown: string): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  const lines = markdown.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(```+)\s*([\w-]*)\s*(.*)$/.exec(lines[i]);
    if (!open) continue;
    const [, indent, fence, language, rest] = open;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length && !lines[j].startsWith(`${indent}${fence}`); j++) body.push(lines[j].slice(indent.length));
    blocks.push({ file, line: i + 1, language, marks: rest.split(/\s+/).filter(Boolean), text: body.join("\n") });
    i = j;
  }
  return blocks;
}

/** A link or image of a Markdown text: its target as written, and its line. */
export interface Link {
  target: string;
  line: number;
}

/** The inline links and images outside code, `[text](target)` and `![alt](target)`. */
export function links(markdown: string): Link[] {
  const found: Link[] = [];
  let inFence = false;
  markdown.split("\n").forEach((text, index) => {
    if (/^\s*```/.test(text)) inFence = !inFence;
    if (inFence) return;
    const outsideCode = text.replace(/`[^`]*`/g, "");
    for (const match of outsideCode.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) found.push({ target: match[1], line: index + 1 });
  });
  return found;
}

/** The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces as dashes, repeats numbered. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let inFence = false;
  for (const text of markdown.split("\n")) {
    if (/^\s*```/.test(text)) inFence = !inFence;
    const heading = !inFence && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(text);
    if (!heading) continue;
    const slug = heading[1]
      .replace(/`/g, "")
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** The Markdown pages a reader reaches: the README, the changelog and every guide in docs/. */
export function documentationPages(root: string): string[] {
  const docs = path.join(root, "docs");
  return [
    path.join(root, "README.md"),
    path.join(root, "CHANGELOG.md"),
    ...fs
      .readdirSync(docs)
      .filter((name) => name.endsWith(".md"))
      .sort()
      .map((name) => path.join(docs, name)),
  ];
}
