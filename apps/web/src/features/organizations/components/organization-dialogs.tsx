import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { organizationBody } from '@omnicare/shared/organizations/organizations.schemas';
import type { OrganizationNode } from '@omnicare/shared/organizations/organizations.schemas';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { FieldError, Label } from '@/components/ui/label';
import { applyFieldErrors, errorMessage } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { moveTargets } from '../organization-tree';
import { useCreateOrganization, useUpdateOrganization } from '../organizations.queries';
import { ORGANIZATION_TEXT } from '../organizations-text';
import { OrganizationPicker } from './organization-picker';

/** Adding (at the root or under a parent) or renaming one organization. */
export type NameDialogState =
  { mode: 'create'; parent: OrganizationNode | null } | { mode: 'rename'; node: OrganizationNode };

export function OrganizationNameDialog({
  state,
  onClose,
}: {
  state: NameDialogState | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={state !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-md">
        {state && <NameForm state={state} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function NameForm({ state, onDone }: { state: NameDialogState; onDone: () => void }) {
  const uid = useId();
  const parentId = state.mode === 'create' ? (state.parent?._id ?? null) : state.node.parent_id;
  const form = useForm({
    resolver: zodResolver(organizationBody, undefined, { raw: true }),
    defaultValues: { name: state.mode === 'rename' ? state.node.name : '', parent_id: parentId },
  });
  const { errors } = form.formState;
  const create = useCreateOrganization();
  const update = useUpdateOrganization();
  const pending = create.isPending || update.isPending;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result =
        state.mode === 'create'
          ? await create.mutateAsync(values)
          : await update.mutateAsync({ id: state.node._id, body: values });
      toast.success(result.message);
      onDone();
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, ['name', 'parent_id'] as const))
        toast.error(errorMessage(error));
    }
  });

  const title =
    state.mode === 'rename'
      ? ORGANIZATION_TEXT.renameTitle
      : state.parent
        ? ORGANIZATION_TEXT.addChildTitle
        : ORGANIZATION_TEXT.addRootTitle;
  const description =
    state.mode === 'rename'
      ? state.node.name
      : state.parent
        ? ORGANIZATION_TEXT.childOf(state.parent.name)
        : ORGANIZATION_TEXT.atRoot;

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${uid}-name`}>{ORGANIZATION_TEXT.name}</Label>
        <Input
          id={`${uid}-name`}
          autoFocus
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? `${uid}-name-error` : undefined}
          {...form.register('name')}
        />
        <FieldError
          id={`${uid}-name-error`}
          message={errors.name?.message ?? errors.parent_id?.message}
        />
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={pending}>
          {ORGANIZATION_TEXT.cancel}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending && <Loader2 className="animate-spin" aria-hidden="true" />}
          {ORGANIZATION_TEXT.save}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Moving an organization under another parent, or to the root. */
export function OrganizationMoveDialog({
  tree,
  node,
  onClose,
}: {
  tree: readonly OrganizationNode[];
  node: OrganizationNode | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={node !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-md">
        {node && <MoveForm tree={tree} node={node} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function MoveForm({
  tree,
  node,
  onDone,
}: {
  tree: readonly OrganizationNode[];
  node: OrganizationNode;
  onDone: () => void;
}) {
  const uid = useId();
  const targets = moveTargets(tree, node._id);
  const [parentId, setParentId] = useState<string | null>(
    targets.root ? null : (targets.parents[0]?.node._id ?? null),
  );
  const [error, setError] = useState<string | undefined>();
  const update = useUpdateOrganization();
  const nothingToChoose = !targets.root && targets.parents.length === 0;

  async function submit() {
    setError(undefined);
    try {
      const result = await update.mutateAsync({
        id: node._id,
        body: { name: node.name, parent_id: parentId },
      });
      toast.success(result.message);
      onDone();
    } catch (failure) {
      const fieldError = applyFieldErrors(failure, (_name, { message }) => setError(message), [
        'parent_id',
        'name',
      ] as const);
      if (!fieldError) toast.error(errorMessage(failure));
    }
  }

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <DialogHeader>
        <DialogTitle>{ORGANIZATION_TEXT.moveTitle}</DialogTitle>
        <DialogDescription>{ORGANIZATION_TEXT.moveHint(node.name)}</DialogDescription>
      </DialogHeader>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${uid}-parent`}>{ORGANIZATION_TEXT.newParent}</Label>
        <OrganizationPicker
          id={`${uid}-parent`}
          value={parentId}
          onChange={setParentId}
          noneLabel={targets.root ? ORGANIZATION_TEXT.rootLevel : undefined}
          choices={targets.parents}
          clearable={targets.root}
          invalid={error ? true : undefined}
          describedBy={error ? `${uid}-parent-error` : undefined}
          disabled={nothingToChoose}
        />
        {nothingToChoose && (
          <p className="text-[13px] text-slate-500">{ORGANIZATION_TEXT.noMoveTarget}</p>
        )}
        <FieldError id={`${uid}-parent-error`} message={error} />
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={update.isPending}>
          {ORGANIZATION_TEXT.cancel}
        </Button>
        <Button type="submit" disabled={update.isPending || nothingToChoose}>
          {update.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
          {ORGANIZATION_TEXT.move}
        </Button>
      </DialogFooter>
    </form>
  );
}
