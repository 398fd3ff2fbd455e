import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogTitle,
  AlertDialogTrigger,
} from './alert-dialog';
import { Button } from './button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './dialog';

function Controlled() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Update Location</Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogTitle>Update location</DialogTitle>
          <DialogDescription>Where the truck is now.</DialogDescription>
        </DialogContent>
      </Dialog>
    </>
  );
}

describe('dialogs made with withOpenState', () => {
  it('a controlled dialog renders nothing while closed, opens, and gives focus back on closing', async () => {
    render(<Controlled />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body.querySelector('[data-state]')).toBeNull();
    const opener = screen.getByRole('button', { name: 'Update Location' });
    await userEvent.click(opener);
    expect(screen.getByRole('dialog', { name: 'Update location' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('an uncontrolled alert dialog opens from its trigger and closes from its cancel', async () => {
    render(
      <AlertDialog>
        <AlertDialogTrigger asChild>
          <Button>Delete</Button>
        </AlertDialogTrigger>
        <AlertDialogContent aria-describedby={undefined}>
          <AlertDialogTitle>Delete this truck?</AlertDialogTitle>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
        </AlertDialogContent>
      </AlertDialog>,
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByRole('alertdialog', { name: 'Delete this truck?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();
  });
});
