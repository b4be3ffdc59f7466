import '@web/lib/words/admin';
import { useState } from 'react';
import { Trash2, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AdminUserRow } from '@domain/admin-types';
import { ROLES, type Role } from '@domain/constants';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/dialog';
import { Select } from '@web/components/ui/field';
import { useSession } from '@web/lib/session';
import { formatOrderDate } from '@web/lib/format';
import { useAdminUsers, useDeleteUser, useSetUserRole } from '@web/features/admin/api';
import { useConfirmedDelete } from './confirmed-delete';
import { ListTab } from './list-tab';
import { RowList } from './row-list';
import type { TabProps } from './tab-props';
import { useWriteFeedback } from './write-feedback';

export function UsersTab({ params, onParams }: TabProps) {
  const { t } = useTranslation('admin');
  const { user: me } = useSession();
  const users = useAdminUsers(params);
  const setRole = useSetUserRole();
  const { error, feedback } = useWriteFeedback();
  const deleting = useConfirmedDelete(useDeleteUser(), (target: AdminUserRow) =>
    feedback(() => t('users.deleted', { name: target.name }), t('users.deleteFailed')),
  );

  // Granting or removing the admin role asks first: the select alone made it one slip away.
  const [roleChange, setRoleChange] = useState<{ target: AdminUserRow; role: Role } | null>(null);
  const changeRole = (target: AdminUserRow, role: Role) => setRoleChange({ target, role });
  const confirmRole = () => {
    if (!roleChange) return;
    const { target, role } = roleChange;
    setRole.mutate(
      { userId: target.id, role },
      {
        ...feedback(
          () => t('users.roleUpdated', { name: target.name, role: t(`users.roles.${role}`) }),
          t('users.roleFailed'),
        ),
        onSettled: () => setRoleChange(null),
      },
    );
  };

  return (
    <div className="space-y-4">
      <ListTab
        id="users"
        params={params}
        onParams={onParams}
        searchPlaceholder={t('search.users')}
        filter={{
          param: 'role',
          label: t('users.roleFilter'),
          allLabel: t('users.allRoles'),
          options: ROLES.map((r) => ({ value: r, label: t(`users.roles.${r}`) })),
          className: 'sm:w-40',
        }}
        writeError={error}
        query={users}
        empty={{
          icon: <Users className="size-8" aria-hidden />,
          title: t('users.empty'),
          description: t('users.emptyHint'),
        }}
      >
        {(items) => (
          <RowList>
            {items.map((row) => {
              const isMe = row.id === me?.id;
              const isAdmin = row.role === 'admin';
              return (
                <li
                  key={row.id}
                  aria-label={row.email}
                  className="flex flex-col gap-3 p-4 md:flex-row md:items-center md:gap-4"
                >
                  <div className="min-w-0 flex-1">
                    <p className="flex flex-wrap items-center gap-2 font-medium text-stone-900">
                      <span className="truncate">{row.name}</span>
                      {isMe && <Badge tone="brand">{t('users.you')}</Badge>}
                      {isAdmin && <Badge tone="violet">{t('users.roles.admin')}</Badge>}
                      {!row.emailVerified && <Badge tone="amber">{t('users.unconfirmed')}</Badge>}
                    </p>
                    <p className="truncate text-sm text-stone-600">{row.email}</p>
                    <p className="text-sm text-stone-500">
                      {[row.location, t('users.joined', { date: formatOrderDate(row.createdAt) })]
                        .filter(Boolean)
                        .join(' · ')}
                    </p>
                  </div>
                  <div className="flex gap-3 text-sm text-stone-600 md:w-52 md:flex-col md:gap-0">
                    <span>{t('users.books', { count: row.bookCount })}</span>
                    <span className={row.openOrderCount > 0 ? 'text-amber-700' : undefined}>
                      {t('users.openOrders', { count: row.openOrderCount })}
                    </span>
                  </div>
                  <div className="flex items-center gap-2">
                    <label htmlFor={`role-${row.id}`} className="sr-only">
                      {t('users.roleLabel', { name: row.name })}
                    </label>
                    <div className="w-32">
                      <Select
                        id={`role-${row.id}`}
                        value={row.role}
                        onChange={(e) => changeRole(row, e.target.value as Role)}
                        // D12: never one's own role; the server refuses it too.
                        disabled={isMe || (setRole.isPending && setRole.variables?.userId === row.id)}
                        title={isMe ? t('users.ownRoleHint') : undefined}
                      >
                        {ROLES.map((r) => (
                          <option key={r} value={r}>
                            {t(`users.roles.${r}`)}
                          </option>
                        ))}
                      </Select>
                    </div>
                    <Button
                      variant="outline"
                      className="text-red-700"
                      onClick={() => deleting.ask(row)}
                      disabled={isAdmin}
                      title={isAdmin ? t('users.adminDeleteHint') : undefined}
                      aria-label={`${t('users.delete')} ${row.name}`}
                    >
                      <Trash2 className="size-4" aria-hidden />
                      {t('users.delete')}
                    </Button>
                  </div>
                </li>
              );
            })}
          </RowList>
        )}
      </ListTab>

      <ConfirmDialog
        open={roleChange !== null}
        onOpenChange={(open) => !open && setRoleChange(null)}
        title={roleChange?.role === 'admin' ? t('users.grantAdminTitle') : t('users.removeAdminTitle')}
        description={t(
          roleChange?.role === 'admin' ? 'users.grantAdminDescription' : 'users.removeAdminDescription',
          {
            name: roleChange?.target.name ?? '',
            email: roleChange?.target.email ?? '',
          },
        )}
        confirmLabel={roleChange?.role === 'admin' ? t('users.grantAdmin') : t('users.removeAdmin')}
        cancelLabel={t('users.cancel')}
        loading={setRole.isPending}
        onConfirm={confirmRole}
      />
      <ConfirmDialog
        {...deleting.dialog}
        title={t('users.deleteTitle')}
        description={t('users.deleteDescription', {
          name: deleting.target?.name ?? '',
          email: deleting.target?.email ?? '',
        })}
        confirmLabel={t('users.delete')}
        cancelLabel={t('users.cancel')}
      />
    </div>
  );
}
