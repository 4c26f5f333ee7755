import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Icon } from '../../components/icon.tsx';
import { paths } from '../../config/paths.ts';

/** Searches the current company's customers: opens the customer list with `?q=`. */
export function SearchBox() {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const onList = location.pathname === paths.company.customers.path;
  const [text, setText] = useState(onList ? (params.get('q') ?? '') : '');

  return (
    <search className="kt-search">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void navigate(paths.company.customers.href(text.trim()));
        }}
      >
        <label htmlFor={id} className="visually-hidden">
          {t('layout.searchCustomers')}
        </label>
        <div className="kt-search-field">
          <Icon name="search" size={16} className="kt-search-icon" />
          <input
            id={id}
            type="search"
            className="form-control"
            placeholder={t('layout.searchPlaceholder')}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
      </form>
    </search>
  );
}
