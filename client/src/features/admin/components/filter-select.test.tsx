import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FilterSelect } from './filter-select';

describe('FilterSelect', () => {
  it("offers 'Any {what}' first, so the filter says what it filters where it has no visible label", () => {
    const onChange = vi.fn();
    render(<FilterSelect label="Message status" value="" options={[{ value: 'failed', label: 'failed' }]} onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: 'Message status' });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Any message status', 'failed']);
    expect(select).toHaveDisplayValue('Any message status');
    fireEvent.change(select, { target: { value: 'failed' } });
    expect(onChange).toHaveBeenCalledWith('failed');
  });
});
