// No async boundary: what the login page runs is eager in the shell's share scope (config/federation.ts,
// eagerInShell), so it runs from this first file without a further round trip; remotes register
// after the sign-in and take the shell's copies.
import './bootstrap';
