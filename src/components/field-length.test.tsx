import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerCatalogue } from '#contracts/i18n';
import { es } from '#contracts/messages-es';
import { ApiError, failureMessage } from '~/lib/api-client';
import { useT } from '~/lib/i18n';
import { InputField, TextAreaField } from '~/components/field';

function Name({ multiLine = false }: { multiLine?: boolean }) {
  const [value, setValue] = useState('');
  const props = {
    label: 'Name',
    maxLength: 10,
    value,
    onChange: (e: { target: { value: string } }) => setValue(e.target.value),
  };
  return multiLine ? <TextAreaField {...props} /> : <InputField {...props} />;
}

describe('a field with a length limit', () => {
  for (const multiLine of [false, true]) {
    it(`says so near the limit and past it, and keeps everything typed (${multiLine ? 'textarea' : 'input'})`, async () => {
      const user = userEvent.setup();
      render(<Name multiLine={multiLine} />);
      const field = screen.getByLabelText('Name');
      expect(field).not.toHaveAttribute('maxlength');
      await user.type(field, 'Ada Lovel');
      expect(field).toHaveAccessibleDescription('9 of 10 characters');
      await user.type(field, 'ace!!');
      // Nothing was cut: the traveller shortens it, told by how much.
      expect(field).toHaveValue('Ada Lovelace!!');
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription('At most 10 characters: this is 4 too many.');
      await user.clear(field);
      await user.type(field, 'Ada');
      expect(field).not.toHaveAttribute('aria-invalid');
      expect(screen.queryByText(/characters/)).toBeNull();
    });
  }
});

describe('on a Spanish page', () => {
  beforeAll(() => registerCatalogue(es));

  it('the length note reads in Spanish, and so does a typed error the catalogue knows', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/es/account']}>
        <Name />
      </MemoryRouter>,
    );
    const field = screen.getByLabelText('Name');
    await user.type(field, 'Ada Lovel');
    expect(field).toHaveAccessibleDescription('9 de 10 caracteres');
    await user.type(field, 'ace!!');
    expect(field).toHaveAccessibleDescription('Como máximo 10 caracteres: sobran 4.');
  });

  it("the API client's own failures read in Spanish where a page shows them through known()", () => {
    function Failure({ error }: { error: unknown }) {
      const { known } = useT();
      return <p>{known(failureMessage(error, 'unused'))}</p>;
    }
    render(
      <MemoryRouter initialEntries={['/es/bookings']}>
        <Failure error={new ApiError('unauthorized', 'Please log in again to continue.')} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Vuelva a iniciar sesión para continuar.')).toBeVisible();
  });
});
