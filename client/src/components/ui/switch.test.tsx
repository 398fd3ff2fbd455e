import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Label } from './label';
import { Switch } from './switch';

function Labelled({ disabled = false, onChange }: { disabled?: boolean; onChange?: (on: boolean) => void }) {
  const [on, setOn] = useState(false);
  return (
    <>
      <Switch
        id="sms"
        checked={on}
        disabled={disabled}
        onCheckedChange={(next) => {
          setOn(next);
          onChange?.(next);
        }}
      />
      <Label htmlFor="sms">Text me when my favorites open</Label>
    </>
  );
}

describe('Switch', () => {
  it('is a switch named by its label, turned on and off by a click, its label or the keyboard', async () => {
    render(<Labelled />);
    const toggle = screen.getByRole('switch', { name: 'Text me when my favorites open' });
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAttribute('data-state', 'unchecked');
    await userEvent.click(toggle);
    expect(toggle).toBeChecked();
    expect(toggle).toHaveAttribute('data-state', 'checked');
    await userEvent.click(screen.getByText('Text me when my favorites open'));
    expect(toggle).not.toBeChecked();
    await userEvent.keyboard(' ');
    expect(toggle).toHaveFocus();
    expect(toggle).toBeChecked();
    await userEvent.keyboard('{Enter}');
    expect(toggle).not.toBeChecked();
  });

  it('does nothing while disabled', async () => {
    const onChange = vi.fn();
    render(<Labelled disabled onChange={onChange} />);
    const toggle = screen.getByRole('switch', { name: 'Text me when my favorites open' });
    expect(toggle).toBeDisabled();
    await userEvent.click(toggle);
    expect(onChange).not.toHaveBeenCalled();
    expect(toggle).not.toBeChecked();
  });
});
