import { describe, expect, it } from "vitest";
import { MIN_PASSWORD_LENGTH, isValidEmail, isValidPassword } from "../../common/accounts/rules.ts";
import { isPublicAddress } from "../../common/net/ip-ranges.ts";
import { checkDomainInput, isValidDomain } from "../../common/url-check.ts";
import { registrableDomain } from "../../server/net/domain.server.ts";

const VALID = "Enter your valid domain";

describe("spec 5 — domain start box URL check: accepted inputs", () => {
  it.each([
    ["example.com", "https://example.com/", "example.com"],
    ["  Example.COM  ", "https://example.com/", "example.com"],
    ["www.example.com", "https://www.example.com/", "www.example.com"],
    ["http://example.com", "http://example.com/", "example.com"],
    ["https://shop.example.co.uk/path?q=1#top", "https://shop.example.co.uk/path?q=1#top", "shop.example.co.uk"],
    ["ftp://files.example.org/pub", "ftp://files.example.org/pub", "files.example.org"],
    ["example.com:80", "https://example.com:80/", "example.com"],
    ["http://example.com:8080/a", "http://example.com:8080/a", "example.com"],
    ["example.com:65535", "https://example.com:65535/", "example.com"],
    ["münchen.de", "https://xn--mnchen-3ya.de/", "xn--mnchen-3ya.de"],
    ["example.com.", "https://example.com/", "example.com"],
    ["8.8.8.8", "https://8.8.8.8/", "8.8.8.8"],
    ["http://93.184.216.34:8080/", "http://93.184.216.34:8080/", "93.184.216.34"],
    ["http://[2606:4700:4700::1111]/", "http://[2606:4700:4700::1111]/", "[2606:4700:4700::1111]"],
    ["[2001:4860:4860::8888]:443", "https://[2001:4860:4860::8888]/", "[2001:4860:4860::8888]"],
    ["http://[::ffff:8.8.8.8]/", "http://[::ffff:808:808]/", "[::ffff:808:808]"],
  ])("%j → ok", (input, url, domain) => {
    expect(checkDomainInput(input)).toEqual({ ok: true, url, domain });
  });
});

describe("spec 5 / spec 8 — domain start box URL check: error messages", () => {
  it.each(["", "   ", "\t\n"])("blank %j gives 'Enter your domain'", (input) => {
    expect(checkDomainInput(input)).toEqual({ ok: false, error: "Enter your domain" });
  });

  it.each([
    // ports: 1 and 6 digits, out of range
    "example.com:8",
    "example.com:123456",
    "example.com:0000",
    "example.com:99999",
    // schemes
    "javascript:alert(1)",
    "file:///etc/passwd",
    "gopher://example.com/",
    "mailto:someone@example.com",
    "//example.com",
    // host shape
    "example",
    "a.b",
    "x.y.c0m",
    "-bad-.com",
    "exa mple.com",
    "http://user:pass@example.com/",
    "http://example.com\\@8.8.8.8/",
    // private and reserved IPv4
    "0.0.0.0",
    "10.0.0.1",
    "100.64.0.1",
    "127.0.0.1",
    "169.254.169.254",
    "172.16.0.1",
    "172.31.255.255",
    "192.0.0.1",
    "192.0.2.1",
    "192.168.1.1",
    "198.18.0.1",
    "198.51.100.7",
    "203.0.113.9",
    "224.0.0.1",
    "240.0.0.1",
    "255.255.255.255",
    // IPv4 in other notations (the URL parser normalises them)
    "http://2130706433/",
    "http://0x7f.1/",
    "http://012.0.0.1/",
    // IPv6
    "http://[::]/",
    "http://[::1]/",
    "http://[fc00::1]/",
    "http://[fd12:3456::1]/",
    "http://[fe80::1]/",
    "http://[ff02::1]/",
    "http://[2001:db8::1]/",
    "http://[64:ff9b::10.0.0.1]/",
    "http://[::ffff:10.0.0.1]/",
    "http://[64:ff9b::8.8.8.8]/", // NAT64: one rule with the SSRF guard, which never connects to it
    "http://[::ffff:7f00:1]/",
    "http://[::ffff:192.168.0.1]/",
    // names
    "localhost",
    "http://localhost:3000/",
    "app.localhost",
    "printer.local",
    "db.internal",
  ])("%j gives 'Enter your valid domain'", (input) => {
    expect(checkDomainInput(input)).toEqual({ ok: false, error: VALID });
  });

  it.each([
    ["example.com:1", false],
    ["example.com:12", true],
    ["example.com:12345", true],
    ["example.com:123456", false],
  ])("port rule: %j → ok=%s (2 to 5 digits)", (input, ok) => {
    expect(checkDomainInput(input).ok).toBe(ok);
  });
});

describe("spec 5 — domain start box URL check: allowLoopback", () => {
  it.each([
    ["http://127.0.0.1:3000/", "127.0.0.1"],
    ["127.10.20.30", "127.10.20.30"],
    ["http://[::1]:8080/", "[::1]"],
    ["localhost", "localhost"],
    ["http://localhost:5173/x", "localhost"],
    ["http://[::ffff:7f00:1]/", "[::ffff:7f00:1]"],
  ])("%j is accepted with allowLoopback", (input, domain) => {
    const r = checkDomainInput(input, { allowLoopback: true });
    expect(r).toMatchObject({ ok: true, domain });
  });

  it.each([
    "10.0.0.1",
    "192.168.0.10",
    "169.254.169.254",
    "http://[fe80::1]/",
    "http://[::ffff:10.0.0.1]/",
    "app.localhost",
    "nas.local",
    "0.0.0.0",
  ])("%j stays refused with allowLoopback", (input) => {
    expect(checkDomainInput(input, { allowLoopback: true })).toEqual({ ok: false, error: VALID });
  });

  it("without the option loopback is refused", () => {
    expect(checkDomainInput("http://127.0.0.1:3000/")).toEqual({ ok: false, error: VALID });
  });
});

describe("spec 5 — IP literal classification", () => {
  it.each([
    ["8.8.8.8", true],
    ["1.1.1.1", true],
    ["10.1.2.3", false],
    ["::ffff:10.0.0.1", false],
    ["::ffff:7f00:1", false],
    ["::ffff:8.8.8.8", true],
    ["2002:0a00:0001::1", false], // 6to4 wrapping 10.0.0.1
    ["64:ff9b::808:808", false], // NAT64 forms are never reached, even of a public address
    ["::a00:1", false], // IPv4-compatible 10.0.0.1
    ["not an ip", false],
  ])("%s public=%s", (ip, expected) => {
    expect(isPublicAddress(ip)).toBe(expected);
  });
});

describe("spec 5 — other field validators", () => {
  it.each([
    ["user@example.com", true],
    ["first.last+tag@sub.example.co.uk", true],
    ["user@localhost", false],
    ["a@b", false],
    ["", false],
    ["user@", false],
    ["@example.com", false],
    ["user example@example.com", false],
    ["user@exa_mple.com", false],
  ])("isValidEmail(%j) = %s", (v, ok) => {
    expect(isValidEmail(v)).toBe(ok);
  });

  it.each([
    ["example.com", true],
    ["a.b", true],
    [".com", false],
    ["example", false],
    ["", false],
  ])("isValidDomain(%j) = %s (a dot after the first character)", (v, ok) => {
    expect(isValidDomain(v)).toBe(ok);
  });

  it("spec 9 — minimum password length is 6", () => {
    expect(MIN_PASSWORD_LENGTH).toBe(6);
    expect(isValidPassword("12345")).toBe(false);
    expect(isValidPassword("123456")).toBe(true);
  });

  it.each([
    ["blog.example.co.uk", "example.co.uk"],
    ["WWW.Example.COM", "example.com"],
    ["example.com", "example.com"],
    ["co.uk", null],
  ])("registrableDomain(%j) = %j", (host, expected) => {
    expect(registrableDomain(host)).toBe(expected);
  });
});
