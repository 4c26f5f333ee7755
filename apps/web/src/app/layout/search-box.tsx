import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Icon } from '../../components/icon.tsx';
import { paths } from '../../config/paths.ts';
import { useCustomerSearch } from '../../features/shared/api/get-customers.ts';
import { useDealSearch } from '../../features/shared/api/get-deals.ts';
import { formatMoney } from '../../lib/format-money.ts';
import { useSession } from '../../lib/session.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { usePhone } from '../../lib/use-media-query.ts';

const SUGGESTIONS = 6;
const DEAL_SUGGESTIONS = 4;

/**
 * Searches the current company's customers and deals (a deal by its title or its
 * organisation's name, `…/deals?q=`). Enter opens the customer list with
 * `?q=`; while typing, the first matches show as links under the field (Arrow
 * Down reaches them, arrows move, Escape closes and returns to the field).
 * On a phone it is an icon button that opens the field over the whole top bar;
 * Escape or "Close" folds it back and returns the focus to the icon.
 */
export function SearchBox() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const { company } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const onList = location.pathname === paths.company.customers.path;
  const [text, setText] = useState(onList ? (params.get('q') ?? '') : '');
  const [open, setOpen] = useState(false);
  const phone = usePhone();
  const [expanded, setExpanded] = useState(false);
  const folded = phone && !expanded;
  const toggleRef = useRef<HTMLButtonElement>(null);
  const q = useDebounced(text.trim(), 250);
  // The top bar shows this box only when the current company has the CRM.
  const asked = open && company.id !== null ? q : '';
  const search = useCustomerSearch(company.id ?? 0, asked, SUGGESTIONS);
  const dealSearch = useDealSearch(company.id ?? 0, asked, DEAL_SUGGESTIONS);
  const rootRef = useRef<HTMLElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = `${id}-results`;
  const statusId = `${id}-status`;
  const results = search.data?.items ?? [];
  const deals = dealSearch.data?.items ?? [];
  const language = i18n.resolvedLanguage ?? i18n.language;
  const showList = open && q !== '' && text.trim() !== '';

  // Any navigation (a suggestion, the list, a menu entry) closes the suggestions. The key
  // alone is not enough: an address typed by hand gets the key "default" every time.
  const address = `${location.key} ${location.pathname}${location.search}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address is the trigger
  useEffect(() => {
    setOpen(false);
    setExpanded(false);
  }, [address]);

  // Opened on a phone: the field takes the focus at once (the icon that opened it is covered).
  useEffect(() => {
    if (expanded) inputRef.current?.focus();
  }, [expanded]);

  /** Folds the phone's field back into its icon, which gets the focus. */
  const fold = () => {
    setOpen(false);
    setExpanded(false);
    toggleRef.current?.focus();
  };

  // A click or focus outside the box closes the suggestions (and the phone's field: the
  // focus tabbing on must not land on top-bar buttons the field covers).
  useEffect(() => {
    if (!open && !expanded) return;
    const onOutside = (event: Event) => {
      if (rootRef.current?.contains(event.target as Node)) return;
      setOpen(false);
      setExpanded(false);
    };
    document.addEventListener('pointerdown', onOutside);
    document.addEventListener('focusin', onOutside);
    return () => {
      document.removeEventListener('pointerdown', onOutside);
      document.removeEventListener('focusin', onOutside);
    };
  }, [open, expanded]);

  const links = () => [
    ...(rootRef.current?.querySelectorAll<HTMLAnchorElement>(`#${CSS.escape(listId)} a`) ?? []),
  ];

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      fold();
      return;
    }
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      inputRef.current?.focus();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const items = links();
    if (items.length === 0) return;
    event.preventDefault();
    const at = items.indexOf(document.activeElement as HTMLAnchorElement);
    if (event.key === 'ArrowDown') items[Math.min(at + 1, items.length - 1)]?.focus();
    else if (at <= 0) inputRef.current?.focus();
    else items[at - 1]?.focus();
  };

  const done = () => {
    setOpen(false);
    setText('');
  };

  return (
    <search className={`kt-search${phone ? ' kt-search-phone' : ''}`} ref={rootRef} onKeyDown={onKeyDown}>
      {phone && (
        <button
          ref={toggleRef}
          type="button"
          className="btn kt-topbar-btn"
          aria-label={t('layout.searchCustomers')}
          title={t('layout.searchCustomers')}
          aria-expanded={expanded}
          aria-controls={`${id}-form`}
          onClick={() => setExpanded(true)}
        >
          <Icon name="search" />
        </button>
      )}
      <form
        id={`${id}-form`}
        className={phone ? 'kt-search-over' : undefined}
        hidden={folded}
        onSubmit={(event) => {
          event.preventDefault();
          setOpen(false);
          void navigate(paths.company.customers.href(text.trim()));
        }}
      >
        <label htmlFor={id} className="visually-hidden">
          {t('layout.searchCustomers')}
        </label>
        <div className="kt-search-field">
          <Icon name="search" size={16} className="kt-search-icon" />
          <input
            ref={inputRef}
            id={id}
            type="search"
            className="form-control"
            placeholder={t('layout.searchPlaceholder')}
            autoComplete="off"
            aria-describedby={showList ? statusId : undefined}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setOpen(true);
            }}
            onFocus={() => setOpen(true)}
          />
          {showList && (
            <div
              className="dropdown-menu show shadow p-0"
              style={{ top: '100%', left: 0, minWidth: '100%', width: phone ? '100%' : '22rem' }}
            >
              <p id={statusId} className="small text-body-secondary px-3 py-2 mb-0" role="status">
                {search.isPending || dealSearch.isPending
                  ? t('common.loading')
                  : search.isError || dealSearch.isError
                    ? t('layout.searchFailed')
                    : results.length === 0 && deals.length === 0
                      ? t('layout.searchNoMatch')
                      : t('layout.searchHint')}
              </p>
              <div id={listId}>
                {deals.length > 0 && results.length > 0 && (
                  <p className="dropdown-header small text-uppercase mb-0 pb-1" aria-hidden="true">
                    {t('layout.searchCustomersHeading')}
                  </p>
                )}
                <ul className="list-unstyled mb-0" aria-label={t('layout.searchResults')}>
                  {results.map((customer) => (
                    <li key={customer.id}>
                      <Link
                        className="dropdown-item py-2"
                        to={paths.company.customer.href(customer.id)}
                        onClick={done}
                      >
                        <span className="d-block text-truncate fw-semibold">{customer.name}</span>
                        {customer.email && (
                          <span className="d-block text-truncate small text-body-secondary">
                            {customer.email}
                          </span>
                        )}
                      </Link>
                    </li>
                  ))}
                </ul>
                {deals.length > 0 && (
                  <>
                    <p
                      className="dropdown-header small text-uppercase border-top mb-0 pb-1"
                      aria-hidden="true"
                    >
                      {t('layout.searchDealsHeading')}
                    </p>
                    <ul className="list-unstyled mb-0" aria-label={t('layout.searchDeals')}>
                      {deals.map((deal) => (
                        <li key={deal.id}>
                          <Link
                            className="dropdown-item py-2"
                            to={paths.company.deal.href(deal.id)}
                            onClick={done}
                          >
                            <span className="d-block text-truncate fw-semibold">{deal.title}</span>
                            <span className="d-block text-truncate small text-body-secondary">
                              {[
                                deal.organisation_name,
                                deal.amount === null
                                  ? null
                                  : formatMoney(deal.amount, deal.currency, language),
                              ]
                                .filter(Boolean)
                                .join(' · ')}
                            </span>
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </>
                )}
                <p className="border-top mb-0">
                  <Link
                    className="dropdown-item py-2 small"
                    to={paths.company.customers.href(text.trim())}
                    onClick={() => setOpen(false)}
                  >
                    {t('layout.searchAll', { q: text.trim() })}
                  </Link>
                </p>
              </div>
            </div>
          )}
        </div>
        {phone && (
          <button
            type="button"
            className="btn kt-topbar-btn"
            aria-label={t('layout.closeSearch')}
            title={t('layout.closeSearch')}
            onClick={fold}
          >
            <Icon name="close" />
          </button>
        )}
      </form>
    </search>
  );
}
