/** Error codes of contracts and the price library, spread into the catalogue of errors.ts (same shape and rules). */
export const CONTRACT_ERRORS = {
  CONTRACT_STATE_CHANGED: {
    status: 409,
    en: 'The contract’s status has changed, so this step is no longer possible; reload and try again',
    cn: '合同状态已变化，无法执行此操作，请刷新后重试',
    tw: '合約狀態已變更，無法執行此操作，請重新整理後重試',
  },
  CONTRACT_CHANGED_SINCE_READ: {
    status: 409,
    en: 'Contract {{contractNo}} was changed after you read it; read it again before you sign',
    cn: '合同 {{contractNo}} 在您阅读后已被修改，请重新阅读后再签署',
    tw: '合約 {{contractNo}} 在您閱讀後已被修改，請重新閱讀後再簽署',
  },
  CONTRACT_WRONG_SIDE: {
    status: 403,
    en: 'This step belongs to the other party of the contract',
    cn: '此操作属于合同的另一方',
    tw: '此操作屬於合約的另一方',
  },
  CONTRACT_SUPPLIER_SIGNS: {
    status: 403,
    en: 'Only the supplier signs or returns a contract; the buyer countersigns once the supplier has signed',
    cn: '只有供应商可以签署或退回合同，采购方在供应商签署后会签',
    tw: '只有供應商可以簽署或退回合約，採購方在供應商簽署後會簽',
  },
  CONTRACT_SUPPLIER_CANNOT_EDIT: {
    status: 403,
    en: 'A supplier cannot change the contract’s terms; return it with a reason instead',
    cn: '供应商不能修改合同条款，如有异议请填写原因退回',
    tw: '供應商不能修改合約條款，如有異議請填寫原因退回',
  },
  CONTRACT_NOT_EDITABLE: {
    status: 409,
    en: 'Only a draft or a returned contract can be edited',
    cn: '只有草稿或被退回的合同可以修改',
    tw: '只有草稿或被退回的合約可以修改',
  },
  CONTRACT_SUPPLIER_FIXED: {
    status: 409,
    en: 'A contract sent to a supplier stays with that supplier; cancel it and draft a new one for another',
    cn: '已发送给供应商的合同不能更换供应商，如需更换请作废后重新起草',
    tw: '已傳送給供應商的合約不能更換供應商，如需更換請作廢後重新起草',
  },
  CONTRACT_END_BEFORE_START: {
    status: 400,
    en: 'The contract ends on {{validTo}}, before it starts on {{validFrom}}',
    cn: '合同结束日期 {{validTo}} 早于开始日期 {{validFrom}}',
    tw: '合約結束日期 {{validTo}} 早於開始日期 {{validFrom}}',
  },
  CONTRACT_LINE_WITHOUT_PRICE: {
    status: 400,
    en: 'Line {{lineNo}} ({{prdtNo}}) has no price; every line needs one before the contract is sent',
    cn: '第 {{lineNo}} 行（{{prdtNo}}）没有价格，发送合同前每行都须填写价格',
    tw: '第 {{lineNo}} 項（{{prdtNo}}）沒有價格，傳送合約前每項都須填寫價格',
  },
  CONTRACT_MATERIAL_NOT_FOUND: {
    status: 400,
    en: 'Line {{lineNo}}: the material does not exist or is disabled',
    cn: '第 {{lineNo}} 行：物料不存在或已停用',
    tw: '第 {{lineNo}} 項：物料不存在或已停用',
  },
  CONTRACT_MATERIAL_REPEATED: {
    status: 400,
    en: 'Material {{prdtNo}} is on more than one line; a contract agrees one price per material',
    cn: '物料 {{prdtNo}} 出现在多行，一份合同每种物料只能约定一个价格',
    tw: '物料 {{prdtNo}} 出現在多項，一份合約每種物料只能約定一個價格',
  },
  CONTRACT_REASON_REQUIRED: {
    status: 400,
    en: 'Give a reason for this step',
    cn: '请填写原因',
    tw: '請填寫原因',
  },
  CONTRACT_SUPPLIER_NOT_JOINED: {
    status: 409,
    en: 'Supplier {{name}} has not joined the platform yet, so the contract cannot be sent',
    cn: '供应商 {{name}} 尚未加入平台，无法发送合同',
    tw: '供應商 {{name}} 尚未加入平台，無法傳送合約',
  },
  CONTRACT_QTY_EXCEEDED: {
    status: 409,
    en: 'Contract {{contractNo}} caps {{prdtNo}} at {{cap}}; {{ordered}} is already ordered, so {{qty}} more would exceed the cap',
    cn: '合同 {{contractNo}} 约定 {{prdtNo}} 的数量上限为 {{cap}}，已下单 {{ordered}}，再订 {{qty}} 将超出上限',
    tw: '合約 {{contractNo}} 約定 {{prdtNo}} 的數量上限為 {{cap}}，已下單 {{ordered}}，再訂 {{qty}} 將超出上限',
  },
  CONTRACT_NOT_IN_FORCE: {
    status: 409,
    en: 'Contract {{contractNo}} is not in force on {{date}}; orders draw only on an effective contract within its validity',
    cn: '合同 {{contractNo}} 在 {{date}} 不在有效期内或未生效，订单只能引用已生效且在有效期内的合同',
    tw: '合約 {{contractNo}} 在 {{date}} 不在有效期內或未生效，訂單只能引用已生效且在有效期內的合約',
  },
  CONTRACT_LINE_MISMATCH: {
    status: 400,
    en: 'Order line {{lineNo}} names a contract line of another supplier or material',
    cn: '订单第 {{lineNo}} 行引用的合同行属于其他供应商或物料',
    tw: '訂單第 {{lineNo}} 項引用的合約明細屬於其他供應商或物料',
  },
} as const;
