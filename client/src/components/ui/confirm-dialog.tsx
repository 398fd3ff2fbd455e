import type { ReactElement, ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from './alert-dialog';

/**
 * The one confirmation of the app (spec: 'Are you sure you want to delete ... This action cannot be
 * undone.'): the trigger opens it; Cancel closes it; the confirm button runs `onConfirm` and closes it.
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel = 'Delete',
  cancelLabel = 'Cancel',
  onConfirm,
  onOpenChange,
  children,
}: {
  /** One element (usually a Button) that opens the dialog. */
  trigger: ReactElement;
  title: ReactNode;
  description: ReactNode;
  confirmLabel?: string;
  /** The button that closes the dialog doing nothing ("Keep order" where "Cancel" would mean the opposite). */
  cancelLabel?: string;
  onConfirm(): void;
  onOpenChange?(open: boolean): void;
  /** What to ask before confirming (a reason to give), between the description and the buttons. */
  children?: ReactNode;
}) {
  return (
    <AlertDialog onOpenChange={onOpenChange}>
      <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>{description}</AlertDialogDescription>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel>{cancelLabel}</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>{confirmLabel}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** The spec's delete confirmation text for one named thing. */
export const deleteConfirmation = (name: string) =>
  `Are you sure you want to delete ${name}? This action cannot be undone.`;
