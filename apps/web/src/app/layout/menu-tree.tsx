import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { Icon } from '../../components/icon.tsx';
import { useCompanyModules } from '../../lib/api/get-company-modules.ts';
import { useCompanyRole } from '../../lib/api/get-my-companies.ts';
import { useSession } from '../../lib/session.ts';
import { activeGroupIds, isLeafActive, type MenuNode, visibleSections } from './menu-items.ts';

type Orientation = 'vertical' | 'horizontal';

/** The visible menu sections for the signed-in person and current company. */
export function useMenuSections() {
  const { user, company } = useSession();
  const modules = useCompanyModules(company.id);
  const { role } = useCompanyRole(company.id);
  const managesCompany = role === 'owner' || role === 'admin';
  return useMemo(
    () =>
      visibleSections({
        modules: modules.data,
        hasCompany: company.id !== null,
        isSuperuser: Boolean(user?.is_admin),
        managesCompany,
      }),
    [modules.data, company.id, user?.is_admin, managesCompany],
  );
}

function MenuEntry({
  node,
  depth,
  open,
  toggle,
  pathname,
}: {
  node: MenuNode;
  depth: number;
  open: ReadonlySet<string>;
  toggle: (id: string) => void;
  pathname: string;
}) {
  const { t } = useTranslation();
  const subId = useId();
  const label = <span className="kt-menu-text">{t(node.label)}</span>;
  const icon = node.icon && depth === 0 ? <Icon name={node.icon} className="kt-menu-icon" /> : null;

  if (!node.children) {
    const active = isLeafActive(node, pathname);
    return (
      <li>
        <NavLink
          to={node.to ?? '/'}
          className={`kt-menu-link${active ? ' active' : ''}`}
          aria-current={active ? 'page' : undefined}
          end
        >
          {icon}
          {label}
        </NavLink>
      </li>
    );
  }

  const expanded = open.has(node.id);
  const containsActive = activeGroupIds([node], pathname).length > 0;
  return (
    <li className={expanded ? 'kt-open' : undefined}>
      <button
        type="button"
        className={`kt-menu-link kt-menu-group${containsActive ? ' kt-has-active' : ''}`}
        aria-expanded={expanded}
        aria-controls={subId}
        onClick={() => toggle(node.id)}
      >
        {icon}
        {label}
        <Icon name="chevronDown" size={14} className="kt-menu-arrow" />
      </button>
      <ul id={subId} className={expanded ? 'kt-submenu' : 'kt-submenu kt-collapsed'}>
        {node.children.map((child) => (
          <MenuEntry
            key={child.id}
            node={child}
            depth={depth + 1}
            open={open}
            toggle={toggle}
            pathname={pathname}
          />
        ))}
      </ul>
    </li>
  );
}

/**
 * The menu, vertical (sidebar, off-canvas) or horizontal (top navigation). After
 * every completed navigation all groups collapse except those holding the active
 * entry; in the horizontal bar, groups are drop-downs, so all of them close.
 */
export function MenuTree({ orientation }: { orientation: Orientation }) {
  const { t } = useTranslation();
  const location = useLocation();
  const { company } = useSession();
  const sections = useMenuSections();
  const allNodes = useMemo(() => sections.flatMap((section) => section.nodes), [sections]);
  const [open, setOpen] = useState<ReadonlySet<string>>(
    () => new Set(orientation === 'vertical' ? activeGroupIds(allNodes, location.pathname) : []),
  );

  // Per navigation (location.key), and once the company's modules arrive (allNodes). An address
  // typed into the bar (a hash change) is a navigation whose key stays "default": the path counts too.
  // biome-ignore lint/correctness/useExhaustiveDependencies: location.key is the trigger, by design.
  useEffect(() => {
    setOpen(new Set(orientation === 'vertical' ? activeGroupIds(allNodes, location.pathname) : []));
  }, [location.key, location.pathname, orientation, allNodes]);

  const rootRef = useRef<HTMLDivElement>(null);
  const baseId = useId();
  const dropdownOpen = orientation === 'horizontal' && open.size > 0;
  useEffect(() => {
    if (!dropdownOpen) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(new Set());
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(new Set());
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [dropdownOpen]);

  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else {
        // A horizontal drop-down replaces any other open top-level one.
        if (orientation === 'horizontal' && allNodes.some((node) => node.id === id)) {
          for (const node of allNodes) next.delete(node.id);
        }
        next.add(id);
      }
      return next;
    });

  return (
    <div ref={rootRef} className={`kt-menu kt-menu-${orientation}`}>
      {sections.map((section) => (
        <div key={section.id} className="kt-menu-section">
          <div className="kt-menu-title" id={`${baseId}-${section.id}`}>
            {section.id === 'company' ? (company.name ?? t('menu.company')) : t('menu.administration')}
          </div>
          <ul className="kt-menu-list" aria-labelledby={`${baseId}-${section.id}`}>
            {section.nodes.map((node) => (
              <MenuEntry
                key={node.id}
                node={node}
                depth={0}
                open={open}
                toggle={toggle}
                pathname={location.pathname}
              />
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
