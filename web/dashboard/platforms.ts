// Connected platforms and their state (issue 29, item 3): a connection that `needs_reauth` (its
// grant was revoked or expired) shows why and the command that connects it again.
import { PLATFORM_NAMES, type Platform } from './types.js';

export function platformList(platforms: Platform[]): HTMLElement {
  const list = document.createElement('ul');
  list.className = 'platforms';
  for (const p of platforms) {
    const li = document.createElement('li');
    li.dataset.platform = p.platform;
    const name = Object.assign(document.createElement('b'), { textContent: PLATFORM_NAMES[p.platform] ?? p.platform });
    const state = Object.assign(document.createElement('span'), { className: `state ${p.status}`, textContent: p.status === 'active' ? 'connected' : 'needs to be connected again' });
    li.append(name, ` (${p.connector}, ${p.account_name}) `, state);
    if (p.status === 'needs_reauth') {
      if (p.status_reason) li.append(Object.assign(document.createElement('p'), { className: 'muted', textContent: p.status_reason }));
      const fix = Object.assign(document.createElement('p'), { textContent: 'Fix: run ' });
      fix.append(Object.assign(document.createElement('code'), { textContent: p.fix ?? '' }));
      li.append(fix);
    }
    list.append(li);
  }
  if (!platforms.length) list.innerHTML = '<li class="muted">None yet: <code>clipper platforms connect PLATFORM</code> connects one.</li>';
  return list;
}
