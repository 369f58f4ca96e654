// Token, role and push device id in browser storage (spec §3 Auth state).
const KEYS = { token: 'token', role: 'role', deviceId: 'deviceId' } as const;

export const storage = {
  getToken: () => localStorage.getItem(KEYS.token),
  getRole: () => localStorage.getItem(KEYS.role),
  setAuth(token: string, role: string) {
    localStorage.setItem(KEYS.token, token);
    localStorage.setItem(KEYS.role, role);
  },
  clearAuth() {
    localStorage.removeItem(KEYS.token);
    localStorage.removeItem(KEYS.role);
    localStorage.removeItem(KEYS.deviceId);
  },
  getDeviceId(): string {
    let id = localStorage.getItem(KEYS.deviceId);
    if (!id) {
      id = crypto.randomUUID();
      localStorage.setItem(KEYS.deviceId, id);
    }
    return id;
  },
};
