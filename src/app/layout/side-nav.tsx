import { useId, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useTranslation } from 'react-i18next';
import { groupOf, visibleNav, type NavGroup, type NavLink } from '../nav-table';
import { useRoles, useUser } from '../../screens/common/session-context';
import { ChevronIcon } from '../icons';

/** The panel's width: layout.css draws it at this width, and the small screens' drawer is no wider. */
export const DRAWER_WIDTH = 300;

function NavItem({ link, current, onNavigate, nested }: { link: NavLink; current: string; onNavigate: () => void; nested?: boolean }) {
  const { t } = useTranslation();
  const active = current === link.path;
  return (
    <Link href={`~${link.path}`} onClick={onNavigate} aria-current={active ? 'page' : undefined} className="nav-link">
      <div className={['nav-item', nested && 'nav-item-nested', active && 'nav-item-current'].filter(Boolean).join(' ')}>
        {t(link.label)}
      </div>
    </Link>
  );
}

/**
 * A group of links behind a button that says whether it is open (aria-expanded) and what it opens (aria-controls).
 * Closed, its links stay in the page, hidden, as Zag's collapsible left them. It opens with an animation only when
 * the user opens it, not when the page starts with it open.
 */
function NavGroupItem({ group, current, onNavigate }: { group: NavGroup; current: string; onNavigate: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(() => groupOf(current) === group.label);
  const [toggled, setToggled] = useState(false);
  const links = useId();
  return (
    <div>
      <button
        type="button"
        className="btn btn-ghost btn-sm nav-group-button"
        aria-expanded={open}
        aria-controls={links}
        onClick={() => {
          setToggled(true);
          setOpen((wasOpen) => !wasOpen);
        }}
      >
        {t(group.label)}
        <ChevronIcon open={open} />
      </button>
      <div id={links} className="nav-group-links" hidden={!open} data-animated={toggled || undefined}>
        <div className="nav-group-list">
          {group.children.map((link) => (
            <NavItem key={link.path} link={link} current={current} onNavigate={onNavigate} nested />
          ))}
        </div>
      </div>
    </div>
  );
}

/** The side panel: who is logged in, the entries their roles allow, the app version. Plain (layout.css, decision 049). */
export function SideNav({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const user = useUser();
  const roles = useRoles();
  const [location] = useLocation();
  const current = `/dashboard${location === '/' ? '' : location}`;
  const name = user?.name ?? '';
  return (
    <div className="side-nav">
      <div className="side-nav-user">
        <span className="avatar avatar-md">{name.charAt(0).toUpperCase()}</span>
        <div className="side-nav-who">
          <p className="side-nav-name" data-testid="nav-user-name">
            {name}
          </p>
          <p className="side-nav-group" data-testid="nav-group-name">
            {user?.group.name}
          </p>
        </div>
      </div>
      <nav aria-label={t('shell.navigation')} className="side-nav-links">
        <div className="side-nav-list" data-testid="side-nav">
          {visibleNav(roles).map((entry) =>
            entry.kind === 'link' ? (
              <NavItem key={entry.path} link={entry} current={current} onNavigate={onNavigate} />
            ) : (
              <NavGroupItem key={entry.label} group={entry} current={current} onNavigate={onNavigate} />
            ),
          )}
        </div>
      </nav>
      <p className="side-nav-version" data-testid="app-version">
        {t('shell.version', { version: __APP_VERSION__ })}
      </p>
    </div>
  );
}
