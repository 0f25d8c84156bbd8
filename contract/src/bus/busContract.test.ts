import { BUS_CONTRACT_VERSION, busContractMajor, checkBusContract } from './busContract';

describe('checkBusContract', () => {
  it("accepts a remote built against the shell's own major", () => {
    expect(checkBusContract('catalog', BUS_CONTRACT_VERSION)).toEqual({ accepted: true });
    expect(checkBusContract('catalog', 2, 2)).toEqual({ accepted: true });
  });

  it('accepts a version string of the same major, whatever its minor', () => {
    expect(checkBusContract('member', '2.3.0', 2)).toEqual({ accepted: true });
    expect(checkBusContract('member', '2', 2)).toEqual({ accepted: true });
  });

  it('refuses another major and names the remote, its version and the shell’s', () => {
    expect(checkBusContract('cart_checkout', 1, 2)).toEqual({
      accepted: false,
      message:
        '[shop] remote "cart_checkout" refused: it was built against bus contract 1, the shell speaks bus contract 2.',
    });
    expect(checkBusContract('auth', '3.0.1', 2)).toMatchObject({ accepted: false });
  });

  it('refuses a remote that declares no version (built before remotes declared it)', () => {
    expect(checkBusContract('auth', undefined, 2)).toEqual({
      accepted: false,
      message:
        '[shop] remote "auth" refused: it declares no bus contract version (got nothing), the shell speaks bus contract 2.',
    });
    expect(checkBusContract('auth', 'two', 2)).toMatchObject({ accepted: false });
  });

  it('reads the major of a declared version', () => {
    expect(busContractMajor(2)).toBe(2);
    expect(busContractMajor('2.10.4')).toBe(2);
    expect(busContractMajor(1.5)).toBeNull();
    expect(busContractMajor(0)).toBeNull();
    expect(busContractMajor('v2')).toBeNull();
    expect(busContractMajor(null)).toBeNull();
  });
});
