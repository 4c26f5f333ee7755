import type { ReactNode } from 'react';
import type { IconName } from '../../../components/icon.tsx';
import { type ListQuery, ListStates } from '../../shared/components/list-states/list-states.tsx';

type IntegrationListCardProps = {
  /** Id of the heading the section is labelled by. */
  titleId: string;
  title: string;
  intro: string;
  /** Owners and admins add entries; members read the list only, and are told so. */
  canManage: boolean;
  addLabel: string;
  onAdd: () => void;
  readOnlyNote: string;
  query: ListQuery;
  isEmpty: boolean;
  emptyIcon: IconName;
  emptyTitle: string;
  /** Column headings; a last, unlabelled-on-screen column holds each row's actions. */
  columns: string[];
  actionsLabel: string;
  /** The table's rows. */
  children: ReactNode;
};

/**
 * The card the connections and the webhooks of the CRM integration screen are
 * listed in: heading with intro, the add button for those who may manage,
 * the read-only note for the others, and the table inside the list's states.
 */
export function IntegrationListCard(props: IntegrationListCardProps) {
  return (
    <div className="card kt-card">
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-start gap-2 mb-2">
          <div className="me-auto">
            <h2 className="h5 mb-1" id={props.titleId}>
              {props.title}
            </h2>
            <p className="text-body-secondary small mb-0">{props.intro}</p>
          </div>
          {props.canManage && (
            <button type="button" className="btn btn-primary btn-sm" onClick={props.onAdd}>
              {props.addLabel}
            </button>
          )}
        </div>
        {!props.canManage && <p className="small text-body-secondary">{props.readOnlyNote}</p>}
        <div className="mt-3">
          <ListStates
            query={props.query}
            isEmpty={props.isEmpty}
            icon={props.emptyIcon}
            emptyTitle={props.emptyTitle}
            inline
          >
            <div className="table-responsive mt-3">
              <table className="table align-middle mb-0">
                <caption className="visually-hidden">{props.title}</caption>
                <thead>
                  <tr>
                    {props.columns.map((column) => (
                      <th key={column} scope="col">
                        {column}
                      </th>
                    ))}
                    <th scope="col">
                      <span className="visually-hidden">{props.actionsLabel}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>{props.children}</tbody>
              </table>
            </div>
          </ListStates>
        </div>
      </div>
    </div>
  );
}

/**
 * A row's last cell: the toggle that shows its log below the list, then (for
 * those who may manage) the row's other actions, the destructive one last.
 */
export function IntegrationRowActions(props: {
  logLabel: string;
  logShown: boolean;
  onToggleLog: () => void;
  canManage: boolean;
  children: ReactNode;
}) {
  return (
    <td className="text-end text-nowrap">
      <button
        type="button"
        className="btn btn-sm btn-outline-primary me-1"
        aria-pressed={props.logShown}
        onClick={props.onToggleLog}
      >
        {props.logLabel}
      </button>
      {props.canManage && props.children}
    </td>
  );
}
