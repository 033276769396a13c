export default function AgentCentreModal(_: { page: string; onClose: () => void }) {
  return null;
}
