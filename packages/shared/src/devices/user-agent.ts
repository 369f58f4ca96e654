// A browser and system read from a User-Agent header, for people to read ("Chrome 131 on Windows"),
// never for decisions. A few ordered patterns cover the browsers stores and offices use; anything else
// is "Browser" / "Unknown OS" rather than a guess. (A parser library such as ua-parser-js knows more
// devices, but nothing here acts on the answer, so it is not worth a dependency.)

/** Checked in order: Edge and Opera also say Chrome, Chrome also says Safari. */
const BROWSERS: [name: string, pattern: RegExp][] = [
  ['Edge', /Edg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /(?:OPR|Opera)\/(\d+)/],
  ['Samsung Internet', /SamsungBrowser\/(\d+)/],
  ['Firefox', /(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /(?:Chrome|Chromium|CriOS)\/(\d+)/],
  ['Safari', /Version\/(\d+)[.\d]* (?:Mobile\/\S+ )?Safari\//],
  ['Safari', /Safari\/()/],
];

const SYSTEMS: [name: string, pattern: RegExp][] = [
  ['Android', /Android/],
  ['iOS', /iPhone|iPad|iPod/],
  ['Windows', /Windows/],
  ['ChromeOS', /CrOS/],
  ['macOS', /Mac OS X|Macintosh/],
  ['Linux', /Linux/],
];

export interface UserAgentInfo {
  browser: string;
  /** The major version, when the header gives one. */
  version: string | null;
  os: string;
  mobile: boolean;
}

export function parseUserAgent(userAgent: string): UserAgentInfo {
  let browser = 'Browser';
  let version: string | null = null;
  for (const [name, pattern] of BROWSERS) {
    const m = pattern.exec(userAgent);
    if (m) {
      browser = name;
      version = m[1] || null;
      break;
    }
  }
  const os = SYSTEMS.find(([, pattern]) => pattern.test(userAgent))?.[0] ?? 'Unknown OS';
  return { browser, version, os, mobile: /Mobi|Android|iPhone|iPod/.test(userAgent) };
}

/** "Chrome 131 on Windows"; null without a user agent. */
export function describeUserAgent(userAgent: string | null | undefined): string | null {
  if (!userAgent?.trim()) return null;
  const ua = parseUserAgent(userAgent);
  return `${ua.browser}${ua.version ? ` ${ua.version}` : ''} on ${ua.os}`;
}
