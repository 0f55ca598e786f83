// Rules for web requests, by domain: `docs.python.org` (that host), `*.python.org` (its subdomains), `*`.
// A fetch from a domain no rule settles asks (yolo mode allows), so the user sees every new site once and can
// answer "Always allow docs.python.org". Private addresses are a separate, stricter gate (see
// `privateAddressAllowed`): a rule for a public name never opens the local machine or network.
import { because } from './reasons';
import { l10n } from '../l10n';
import { isIpLiteral } from '../web/ip-ranges';
import type { CheckContext } from './check-context';
import { pickRule, ruleDecided, toolNameMatches, toRuleRef, type PolicyRule } from './rules';
import type { PermissionCheck } from './types';

/** The host name a URL target is judged by: lower case, IPv6 without brackets; undefined for a bad URL. */
export function hostOfUrl(url: string): string | undefined {
  try {
    const host = new URL(url).hostname.toLowerCase();
    return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  } catch {
    return undefined;
  }
}

/** `*` matches any characters (dots too); otherwise the host must match whole, ignoring case and a final dot. */
export function matchesDomainPattern(pattern: string, host: string): boolean {
  const normal = (s: string) => s.trim().toLowerCase().replace(/\.$/, '');
  const wanted = normal(pattern);
  const actual = normal(host);
  if (!wanted.includes('*')) return wanted === actual;
  const source = wanted.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*');
  return new RegExp(`^${source}$`).test(actual);
}

/**
 * Tools that load what web_fetch loads also follow its domain rules: check_page opens a site the user allowed for
 * web_fetch without asking again (its own rules still count, and a deny in either wins as usual).
 */
const DOMAIN_RULES_SHARED_WITH: Readonly<Record<string, string>> = { check_page: 'web_fetch' };

export function domainRules(rules: readonly PolicyRule[], toolName: string, host: string): PolicyRule[] {
  return rules.filter((r) => !r.when && (!r.subject || r.subject === 'domain') && toolNameMatches(r.tool, toolName) && matchesDomainPattern(r.pattern, host));
}

export function checkDomain(url: string, ctx: CheckContext): PermissionCheck {
  const host = hostOfUrl(url);
  if (host === undefined) {
    return {
      subject: { type: 'call' },
      action: 'deny',
      basis: 'invalid-path',
      ...because(l10n.both('"{0}" is not a URL that can be fetched.', url)),
      allowRuleCanOverride: false,
    };
  }
  const subject = { type: 'domain' as const, host, url };
  const shared = DOMAIN_RULES_SHARED_WITH[ctx.toolName];
  const candidates = [...domainRules(ctx.rules, ctx.toolName, host), ...(shared ? domainRules(ctx.rules, shared, host) : [])];
  const rule = pickRule(candidates, 'domain');
  if (rule) {
    const ref = toRuleRef(rule);
    return {
      subject,
      action: rule.action,
      basis: 'rule',
      ...because(ruleDecided(host, ref)),
      rule: ref,
      allowRuleCanOverride: rule.action !== 'deny',
    };
  }
  if (ctx.mode === 'yolo') return { subject, action: 'allow', basis: 'mode', ...because(l10n.both('Yolo mode fetches from any domain no rule denies.')), allowRuleCanOverride: true };
  return { subject, action: 'ask', basis: 'mode', ...because(l10n.both('Relay asks before fetching from a domain for the first time ({0}).', host)), allowRuleCanOverride: true };
}

/**
 * Whether a fetch may reach a private, loopback or link-local `address` that `host` resolved to: only when an
 * allow rule names that address (`127.0.0.1`, `192.168.*`), or names the host itself when the host is an
 * address or `localhost`. So "Always allow example.com" never lets a rebinding DNS answer reach the network.
 */
export function privateAddressAllowed(rules: readonly PolicyRule[], toolName: string, host: string, address: string): boolean {
  const byAddress = domainRules(rules, toolName, address);
  const local = isIpLiteral(host) || host === 'localhost' || host.endsWith('.localhost');
  const candidates = local ? [...byAddress, ...domainRules(rules, toolName, host)] : byAddress;
  // A catch-all (`*`) rule allows every public site; it does not open the local network.
  const decisive = pickRule(candidates.filter((r) => r.pattern.replace(/\*/g, '') !== ''), 'domain');
  return decisive?.action === 'allow';
}
