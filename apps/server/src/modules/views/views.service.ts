import { AppError, type SavedView, type ViewCreate, type ViewPatch, type ViewRow } from '@erp/domain';
import type { Tx } from '../../db/database.ts';
import type { CompanyContext } from '../../db/tenant.ts';
import * as repo from './views.repo.ts';

// Saved list views: a member's own and the company's shared ones (issue 20: the rules moved here
// from the routes file).

type Who = Pick<CompanyContext, 'userId' | 'role'>;
const isAdmin = (who: Who) => who.role === 'owner' || who.role === 'admin';
/** A view is changed by its creator; a shared one also by the company's owners and admins. */
const canEdit = (v: ViewRow, who: Who) => v.created_by === who.userId || (v.shared && isAdmin(who));
const out = (v: ViewRow, who: Who): SavedView => ({
  ...v,
  mine: v.created_by === who.userId,
  can_edit: canEdit(v, who),
});

async function found(tx: Tx, id: string) {
  const view = await repo.getView(tx, id);
  if (!view) throw new AppError('NOT_FOUND', 'Pogled nije pronađen');
  return view;
}

async function editable(tx: Tx, id: string, who: Who) {
  const view = await found(tx, id);
  if (!canEdit(view, who))
    throw new AppError('FORBIDDEN', 'Pogled može mijenjati samo onaj tko ga je spremio');
  return view;
}

export async function listViews(tx: Tx, ctx: CompanyContext, listKey: string) {
  return (await repo.listViews(tx, ctx.userId, listKey)).map((v) => out(v, ctx));
}

export async function saveView(tx: Tx, ctx: CompanyContext, input: ViewCreate) {
  const id = await repo.insertView(tx, ctx.companyId, ctx.userId, input);
  return out(await found(tx, id), ctx);
}

export async function changeView(tx: Tx, ctx: CompanyContext, id: string, patch: ViewPatch) {
  const view = await editable(tx, id, ctx);
  // Making a shared view personal again would hide it from everyone but its creator.
  if (patch.shared !== undefined && view.created_by !== ctx.userId) {
    throw new AppError('FORBIDDEN', 'Dijeljenje mijenja samo onaj tko je pogled spremio');
  }
  await repo.updateView(tx, view.id, patch);
  return out(await found(tx, view.id), ctx);
}

export async function deleteView(tx: Tx, ctx: CompanyContext, id: string): Promise<void> {
  const view = await editable(tx, id, ctx);
  await repo.deleteView(tx, view.id);
}
